import { describe, expect, it } from "vitest";
import { legalMarkdownOf, parseLegalMarkdown } from "./legal-markdown.ts";

describe("the legal pages' Markdown (decision 042)", () => {
  it("reads headings, paragraphs and both kinds of list, and nothing else", () => {
    const blocks = parseLegalMarkdown(
      [
        "We respect your privacy.",
        "Second line of the same paragraph.",
        "",
        "# What we collect",
        "- your name",
        "- your e-mail",
        "  address, continued",
        "### Smaller",
        "1. first",
        "2) second",
        "After the list.",
        "<script>alert(1)</script> **bold** [link](https://x.example)",
      ].join("\r\n"),
    );
    expect(blocks).toEqual([
      { kind: "paragraph", text: "We respect your privacy. Second line of the same paragraph." },
      { kind: "heading", level: 2, text: "What we collect" },
      { kind: "list", ordered: false, items: ["your name", "your e-mail address, continued"] },
      { kind: "heading", level: 3, text: "Smaller" },
      { kind: "list", ordered: true, items: ["first", "second"] },
      {
        kind: "paragraph",
        // Shown as typed: React renders it as text, never as markup.
        text: "After the list. <script>alert(1)</script> **bold** [link](https://x.example)",
      },
    ]);
  });

  it("turns a document of sections into the same text it reads back", () => {
    const markdown = legalMarkdownOf({
      intro: "Intro.",
      sections: [
        { heading: "Rights", items: ["Access", "Deletion"], paragraphs: ["E-mail us."] },
        { heading: "Contact", paragraphs: ["Call us.", "Or write."] },
      ],
    });
    expect(parseLegalMarkdown(markdown)).toEqual([
      { kind: "paragraph", text: "Intro." },
      { kind: "heading", level: 2, text: "Rights" },
      { kind: "list", ordered: false, items: ["Access", "Deletion"] },
      { kind: "paragraph", text: "E-mail us." },
      { kind: "heading", level: 2, text: "Contact" },
      { kind: "paragraph", text: "Call us." },
      { kind: "paragraph", text: "Or write." },
    ]);
  });
});
