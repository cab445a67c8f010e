/*
 * The legal pages' text (decision 042): the owner writes it in a small part of Markdown, and the
 * page shows it as headings, paragraphs and lists, nothing else. It is read into blocks on the
 * server and rendered by React as text, so no markup or script the text holds can reach the
 * page as HTML.
 *
 *   ## A heading          ### A smaller heading
 *   A paragraph: its lines run on until a blank line.
 *   - an item             1. a numbered item
 */

export type LegalBlock =
  | { kind: "heading"; level: 2 | 3; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^[-*+]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;

/** The text as blocks. A line that is neither a heading nor an item belongs to a paragraph. */
export function parseLegalMarkdown(markdown: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    if (list) blocks.push({ kind: "list", ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of markdown.replaceAll("\r\n", "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      // The page's title is its only first-level heading: "#" and "##" both make a section.
      const level = heading[1]!.length <= 2 ? 2 : 3;
      if (heading[2]) blocks.push({ kind: "heading", level, text: heading[2] });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = Boolean(numbered);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!);
      continue;
    }
    // A line right after an item, not indented as a new one, continues that item.
    if (list && raw.startsWith(" ")) {
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** A text as the sections of a document write it (the first texts, app/content/legal.ts). */
export function legalMarkdownOf(document: {
  intro: string;
  sections: { heading: string; paragraphs?: string[]; items?: string[] }[];
}): string {
  const parts = [document.intro];
  for (const section of document.sections) {
    parts.push(`## ${section.heading}`);
    if (section.items) parts.push(section.items.map((item) => `- ${item}`).join("\n"));
    for (const paragraph of section.paragraphs ?? []) parts.push(paragraph);
  }
  return `${parts.join("\n\n")}\n`;
}
