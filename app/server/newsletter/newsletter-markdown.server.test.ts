import { describe, expect, it } from "vitest";
import { renderNewsletterMarkdown } from "./newsletter-markdown.server.ts";

const SITE = "https://kwezi.example";
const render = (markdown: string) => renderNewsletterMarkdown(markdown, { publicUrl: SITE });
const htmlOf = (markdown: string) => render(markdown).html.value;
const textOf = (markdown: string) => render(markdown).text;

describe("newsletter blocks", () => {
  it("renders the heading levels in the e-mails' heading styles, below the subject's h1", () => {
    const out = htmlOf("# Spring sale\n\n## New in the shop\n\n### Opening hours");
    expect(out).toMatch(/^<h2 style="[^"]*font-size:17px[^"]*">Spring sale<\/h2>/);
    expect(out).toMatch(/<h2 style="[^"]*font-size:17px[^"]*">New in the shop<\/h2>/);
    expect(out).toMatch(/<h3 style="[^"]*color:#0b1220[^"]*">Opening hours<\/h3>$/);
  });

  it("drops closing hashes and emphasis markers from headings, but keeps C#", () => {
    expect(htmlOf("## Our **new** range ##")).toMatch(/>Our new range<\/h2>$/);
    expect(htmlOf("### Learn C#")).toMatch(/>Learn C#<\/h3>$/);
  });

  it("leaves four hashes, or a hash without a space, as paragraph text", () => {
    expect(htmlOf("#### Deep")).toBe('<p style="margin:0 0 12px">#### Deep</p>');
    expect(htmlOf("#hashtag")).toBe('<p style="margin:0 0 12px">#hashtag</p>');
  });

  it("joins a paragraph's lines with a space and ends it at a blank line", () => {
    expect(htmlOf("First line\nsecond line\n\nNext paragraph")).toBe(
      '<p style="margin:0 0 12px">First line second line</p><p style="margin:0 0 12px">Next paragraph</p>',
    );
  });

  it("renders bullet lists with any of - * +, and an indented line continues the item", () => {
    const out = htmlOf("- one\n* two\n  and more\n+ three");
    expect(out).toMatch(
      /^<ul style="[^"]*"><li[^>]*>one<\/li><li[^>]*>two and more<\/li><li[^>]*>three<\/li><\/ul>$/,
    );
  });

  it("renders numbered lists with . or ), counting on from the first number", () => {
    expect(htmlOf("1. one\n2) two")).toMatch(
      /^<ol style="[^"]*"><li[^>]*>one<\/li><li[^>]*>two<\/li><\/ol>$/,
    );
    expect(htmlOf("3. three\n3. four")).toMatch(/^<ol start="3" /);
  });

  it("ends a list at a paragraph line or a list of the other kind", () => {
    const out = htmlOf("Intro\n- a\n1. b\nAfter");
    expect(out.match(/<(p|ul|ol)\b/g)).toEqual(["<p", "<ul", "<ol", "<p"]);
  });

  it("renders an image on its own line at the column's full width, with its alt text", () => {
    const out = htmlOf("Look:\n![Our new mugs](/uploads/newsletter/abc-640.webp)\nNice?");
    expect(out).toContain(
      `<img src="${SITE}/uploads/newsletter/abc-640.webp" alt="Our new mugs" width="558" style="display:block;width:100%;max-width:100%;height:auto;border:0">`,
    );
    // The image splits the paragraph around it.
    expect(out.match(/<p\b/g)).toHaveLength(3);
  });

  it("gives an image without alt text an empty alt", () => {
    expect(htmlOf("![](https://cdn.example/a.png)")).toContain(
      'src="https://cdn.example/a.png" alt=""',
    );
  });

  it("leaves an image inside running text as written", () => {
    expect(htmlOf("See ![x](/a.png) here")).toBe(
      '<p style="margin:0 0 12px">See ![x](/a.png) here</p>',
    );
  });

  it("accepts Windows line endings", () => {
    expect(render("# Title\r\n\r\nOne\r\ntwo\r\n- a\r\n- b")).toEqual(
      render("# Title\n\nOne\ntwo\n- a\n- b"),
    );
    expect(textOf("One\r\ntwo")).toBe("One two");
  });

  it("renders nothing for an empty body", () => {
    expect(render("  \n\n")).toEqual({ html: expect.objectContaining({ value: "" }), text: "" });
  });
});

describe("newsletter inline text", () => {
  it("renders links with the e-mails' link style", () => {
    expect(htmlOf("Visit [our shop](https://kwezi.example/shop) today")).toBe(
      '<p style="margin:0 0 12px">Visit <a href="https://kwezi.example/shop" style="color:#1d4ed8;text-decoration:underline">our shop</a> today</p>',
    );
  });

  it("renders bold and both kinds of italic, nested too", () => {
    expect(htmlOf("**bold** *star* _under_ **a *b* c**")).toBe(
      '<p style="margin:0 0 12px"><strong>bold</strong> <em>star</em> <em>under</em> <strong>a <em>b</em> c</strong></p>',
    );
  });

  it("leaves stray markers, spaced asterisks and snake_case names alone", () => {
    expect(htmlOf("5 * 3 * 2, file_name_here, my_var_ x, **open")).toBe(
      '<p style="margin:0 0 12px">5 * 3 * 2, file_name_here, my_var_ x, **open</p>',
    );
  });

  it("lets emphasis run across the joined lines of a paragraph", () => {
    expect(htmlOf("**two\nlines**")).toContain("<strong>two lines</strong>");
  });

  it("renders inline formatting inside list items", () => {
    expect(htmlOf("- **new** [mugs](/shop/mugs)")).toContain(
      `<li style="margin:0 0 4px"><strong>new</strong> <a href="${SITE}/shop/mugs" style="color:#1d4ed8;text-decoration:underline">mugs</a></li>`,
    );
  });
});

describe("newsletter addresses", () => {
  it("makes site paths absolute with the public URL", () => {
    expect(htmlOf("[Shop](/shop?x=1&y=2#top)")).toContain(`href="${SITE}/shop?x=1&amp;y=2#top"`);
  });

  it("keeps http and https addresses", () => {
    expect(htmlOf("[a](http://example.com/a) [b](HTTPS://example.com/b)")).toMatch(
      /href="http:\/\/example\.com\/a".*href="https:\/\/example\.com\/b"/,
    );
  });

  it.each([
    "javascript:alert",
    "JavaScript:void",
    "data:text/html,hi",
    "//evil.example/x",
    "relative/path.png",
    "mailto:a@b.co",
    "https:/evil.example",
    "https://",
  ])("shows the text of a link to %s, unlinked", (url) => {
    expect(htmlOf(`Click [here](${url}) now`)).toBe(
      '<p style="margin:0 0 12px">Click here now</p>',
    );
    expect(textOf(`Click [here](${url}) now`)).toBe("Click here now");
  });

  it("keeps a refused link's words without their emphasis markers", () => {
    expect(textOf("[**Win** now](javascript:steal)")).toBe("Win now");
    expect(htmlOf("[**Win** now](javascript:steal)")).toBe(
      '<p style="margin:0 0 12px">Win now</p>',
    );
  });

  it.each(["javascript:alert", "data:image/png;base64,AAAA", "//evil.example/a.png", "a.png"])(
    "shows the alt text of an image at %s instead",
    (url) => {
      const out = render(`![Our mugs](${url})`);
      expect(out.html.value).toBe('<p style="margin:0 0 12px">Our mugs</p>');
      expect(out.text).toBe("Our mugs");
    },
  );

  it("drops a refused image that has no alt text", () => {
    expect(render("![](javascript:x)")).toEqual({
      html: expect.objectContaining({ value: "" }),
      text: "",
    });
  });
});

describe("newsletter escaping", () => {
  it("escapes markup in text, headings, items and link text", () => {
    const out = htmlOf(
      "# <script>alert(1)</script>\n\nTom & Jerry <b>hi</b>\n\n- <img src=x onerror=alert(1)>\n\n[<i>x</i>](https://a.example)",
    );
    expect(out).not.toMatch(/<(script|b|img|i)\b/);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;</h2>");
    expect(out).toContain("Tom &amp; Jerry &lt;b&gt;hi&lt;/b&gt;");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;</li>");
    expect(out).toContain(">&lt;i&gt;x&lt;/i&gt;</a>");
  });

  it("escapes quotes and ampersands in alt text and addresses", () => {
    const out = htmlOf(`![He said "hi" & <left>](/a.png?x=1&y="2")`);
    expect(out).toContain('alt="He said &quot;hi&quot; &amp; &lt;left&gt;"');
    // The address is parsed (a quote becomes %22) and then escaped for the attribute.
    expect(out).toContain(`src="${SITE}/a.png?x=1&amp;y=%222%22"`);
    expect(out.match(/<img /g)).toHaveLength(1);
  });

  it("cannot close a link's href attribute", () => {
    const out = htmlOf(`[x](https://a.example/"onmouseover="alert)`);
    expect(out).toContain('href="https://a.example/%22onmouseover=%22alert"');
    expect(out).not.toContain('" onmouseover');
  });
});

describe("newsletter text part", () => {
  it("writes the whole body as plain text", () => {
    const markdown = [
      "# Spring sale",
      "",
      "Our **new** mugs are *in*: see [the shop](/shop) or https://kwezi.example.",
      "",
      "## What's new",
      "- _Mugs_",
      "- [https://kwezi.example/gifts](https://kwezi.example/gifts)",
      "",
      "### Hours",
      "1. Monday",
      "1) Tuesday",
      "",
      "![A mug](/uploads/mug.webp)",
      "![](/uploads/plain.webp)",
    ].join("\n");
    expect(textOf(markdown)).toBe(
      [
        "Spring sale\n===========",
        `Our new mugs are in: see the shop (${SITE}/shop) or https://kwezi.example.`,
        "What's new\n----------",
        "- Mugs\n- https://kwezi.example/gifts",
        "Hours",
        "1. Monday\n2. Tuesday",
        "[Image: A mug]",
        "[Image]",
      ].join("\n\n"),
    );
  });

  it("keeps the numbers of a list that starts later", () => {
    expect(textOf("4. four\n9. five")).toBe("4. four\n5. five");
  });

  it("shows a link in a heading with its address, in both parts", () => {
    const out = render("## See [the shop](/shop)");
    expect(out.text).toBe(
      `See the shop (${SITE}/shop)\n${"-".repeat(`See the shop (${SITE}/shop)`.length)}`,
    );
    expect(out.html.value).toContain(`>See the shop (${SITE}/shop)</h2>`);
  });

  it("leaves markup unescaped in the text part", () => {
    expect(textOf("Tom & Jerry <b>")).toBe("Tom & Jerry <b>");
  });
});
