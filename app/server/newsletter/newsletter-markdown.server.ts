import { html, type SafeHtml } from "../notifications/html.server.ts";
import { h2, link, p } from "../notifications/messages.server.ts";

/*
 * A newsletter's body as the e-mail's HTML and plain-text parts. The shop owner writes it in a
 * small part of Markdown, like the legal pages (app/lib/legal-markdown.ts), plus images, links
 * and emphasis:
 *
 *   # Heading   ## Heading   ### Smaller heading
 *   A paragraph: its lines run on until a blank line. **bold**, *italic*, _italic_, [a link](url)
 *   - an item   1. a numbered item
 *   ![alt text](url)   (an image, on a line of its own)
 *
 * Anything else is text. Every piece of the owner's text goes through the escaping `html`
 * template, and only http(s) addresses or the site's own paths become links or images, so
 * nothing written can become markup or script in the reader's mail client.
 */

export interface NewsletterBody {
  html: SafeHtml;
  text: string;
}

/** A run of inline text: plain text, emphasis, or a link whose address was accepted. */
type Span =
  | string
  | { tag: "strong" | "em"; spans: Span[] }
  | { text: string; url: string; href: string };

type Block =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; spans: Span[] }
  | { kind: "list"; start: number | null; items: Span[][] }
  | { kind: "image"; alt: string; src: string };

const HEADING = /^(#{1,3})\s+(.*?)(?:\s+#+)?$/;
const BULLET = /^[-*+]\s+(.*)$/;
const NUMBERED = /^(\d{1,9})[.)]\s+(.*)$/;
const IMAGE = /^!\[([^\]\n]*)\]\(([^\s()]+)\)$/;
// A link (or an image in running text); then **bold**, *italic*, _italic_.
// Emphasis must hug its text ("5 * 3 * 2" stays as is) and _ only works between words, so
// snake_case names survive.
const INLINE =
  /(!?)\[([^\]\n]+)\]\(([^\s()]+)\)|\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=\S)(.+?)(?<=\S)\*|(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)/g;

// The h3 style is not among the other e-mails' helpers: their heading colour, a smaller size.
const INK = "#0b1220";
const LIST_STYLE = "margin:0 0 12px;padding:0 0 0 24px";
const IMAGE_STYLE = "display:block;width:100%;max-width:100%;height:auto;border:0";
/** The column's inner width (600 − padding): Outlook's Word engine reads only the attribute. */
const IMAGE_WIDTH = 558;

/**
 * The absolute address a link or image may use, or null. Mail clients would run `javascript:`
 * or show `data:` content, and a relative address means nothing in an inbox, so only http(s)
 * and the site's own paths ("/uploads/…", not "//other-host") are kept.
 */
function absoluteUrl(url: string, publicUrl: string): string | null {
  const full = /^\/(?!\/)/.test(url) ? publicUrl + url : url;
  if (!/^https?:\/\//i.test(full)) return null;
  try {
    return new URL(full).href;
  } catch {
    return null;
  }
}

function parseInline(text: string, publicUrl: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, bang, linkText, url, bold, star, underscore] = match;
    if (match.index > last) spans.push(text.slice(last, match.index));
    last = match.index + whole.length;
    // An image belongs on a line of its own; in running text it stays as written.
    if (bang) spans.push(whole);
    else if (linkText !== undefined) {
      const words = spansText(parseInline(linkText, publicUrl));
      const href = absoluteUrl(url!, publicUrl);
      // A refused address keeps the link's words, shown as text.
      spans.push(href ? { text: words, url: url!, href } : words);
    } else if (bold !== undefined)
      spans.push({ tag: "strong", spans: parseInline(bold, publicUrl) });
    else spans.push({ tag: "em", spans: parseInline((star ?? underscore)!, publicUrl) });
  }
  if (last < text.length) spans.push(text.slice(last));
  return spans;
}

function spansText(spans: Span[]): string {
  return spans
    .map((span) => {
      if (typeof span === "string") return span;
      if ("tag" in span) return spansText(span.spans);
      // A bare address written as its own text is not repeated.
      return span.text === span.url || span.text === span.href
        ? span.href
        : `${span.text} (${span.href})`;
    })
    .join("");
}

function spansHtml(spans: Span[]): SafeHtml {
  return html`${spans.map((span) => {
    if (typeof span === "string") return span;
    if ("tag" in span)
      return span.tag === "strong"
        ? html`<strong>${spansHtml(span.spans)}</strong>`
        : html`<em>${spansHtml(span.spans)}</em>`;
    return link(span.href, span.text);
  })}`;
}

/** The text as blocks. A line that is no heading, item or image belongs to a paragraph. */
function parseBlocks(markdown: string, publicUrl: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number | null; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length)
      blocks.push({ kind: "paragraph", spans: parseInline(paragraph.join(" "), publicUrl) });
    if (list) {
      const items = list.items.map((item) => parseInline(item, publicUrl));
      blocks.push({ kind: "list", start: list.start, items });
    }
    paragraph = [];
    list = null;
  };
  for (const raw of markdown.split(/\r\n?|\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      // Headings are the helpers' bold text: emphasis would add nothing, and a link keeps
      // its address as text.
      const text = spansText(parseInline(heading[2]!, publicUrl));
      blocks.push({ kind: "heading", level: heading[1]!.length as 1 | 2 | 3, text });
      continue;
    }
    const image = IMAGE.exec(line);
    if (image) {
      flush();
      const src = absoluteUrl(image[2]!, publicUrl);
      if (src) blocks.push({ kind: "image", alt: image[1]!.trim(), src });
      else if (image[1]!.trim()) blocks.push({ kind: "paragraph", spans: [image[1]!.trim()] });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      // A numbered list counts on from its first number, whatever the later ones say.
      list ??= { ordered, start: numbered ? Number(numbered[1]) : null, items: [] };
      list.items.push(numbered ? numbered[2]! : bullet![1]!);
      continue;
    }
    // A line right after an item, indented, continues that item.
    if (list && /^\s/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

function blockHtml(block: Block): SafeHtml {
  switch (block.kind) {
    case "heading":
      // The e-mail's only h1 is its subject (newsletterIssueMessage): "#" and "##" both
      // make a section, as on the legal pages.
      if (block.level <= 2) return h2(block.text);
      return html`<h3 style="margin:20px 0 8px;font-size:16px;line-height:1.3;color:${INK}">${block.text}</h3>`;
    case "paragraph":
      return p(spansHtml(block.spans));
    case "list": {
      const items = block.items.map(
        (item) => html`<li style="margin:0 0 4px">${spansHtml(item)}</li>`,
      );
      if (block.start === null) return html`<ul style="${LIST_STYLE}">${items}</ul>`;
      const start = block.start === 1 ? "" : html` start="${block.start}"`;
      return html`<ol${start} style="${LIST_STYLE}">${items}</ol>`;
    }
    case "image":
      // The column's full width and never wider, whatever the upload's size; the width
      // attribute too, for clients that read no CSS on images.
      return p(
        html`<img src="${block.src}" alt="${block.alt}" width="${IMAGE_WIDTH}" style="${IMAGE_STYLE}">`,
      );
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "heading": {
      if (block.level === 3) return block.text;
      const underline = (block.level === 1 ? "=" : "-").repeat(Array.from(block.text).length);
      return `${block.text}\n${underline}`;
    }
    case "paragraph":
      return spansText(block.spans);
    case "list":
      return block.items
        .map(
          (item, index) =>
            `${block.start === null ? "-" : `${block.start + index}.`} ${spansText(item)}`,
        )
        .join("\n");
    case "image":
      return block.alt ? `[Image: ${block.alt}]` : "[Image]";
  }
}

/** The body's HTML (inline styles, as the site's other e-mails) and its plain-text part. */
export function renderNewsletterMarkdown(
  markdown: string,
  options: { publicUrl: string },
): NewsletterBody {
  const blocks = parseBlocks(markdown, options.publicUrl);
  return {
    html: html`${blocks.map(blockHtml)}`,
    text: blocks.map(blockText).join("\n\n"),
  };
}
