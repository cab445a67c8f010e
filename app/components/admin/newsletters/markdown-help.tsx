/*
 * The newsletter's small Markdown in plain words (docs/product.md §3.18 "Writing"), beside the
 * text it formats. What is not listed here shows as typed.
 */

const MARKS: { example: string; meaning: string }[] = [
  { example: "# Big heading", meaning: "a heading; ## and ### make smaller ones" },
  { example: "(an empty line)", meaning: "starts a new paragraph" },
  { example: "- Walnut boxes", meaning: "a list with dots, one line per item" },
  { example: "1. Choose a box", meaning: "a numbered list" },
  { example: "**in stock**", meaning: "bold" },
  { example: "*new*", meaning: "italic" },
  { example: "[our crafts](/crafts)", meaning: "a link: the words, then the address" },
  {
    example: "![A walnut box](address)",
    meaning: "a picture, on a line of its own (Insert picture writes this for you)",
  },
];

export function MarkdownHelp({ id }: { id: string }) {
  return (
    <details id={id} className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
      <summary className="cursor-pointer rounded-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        How to format the text
      </summary>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
        {MARKS.map((mark) => (
          <div key={mark.example} className="contents">
            <dt>
              <code className="rounded bg-background px-1.5 py-0.5 text-xs [overflow-wrap:anywhere]">
                {mark.example}
              </code>
            </dt>
            <dd className="mb-1 text-muted-foreground sm:mb-0">{mark.meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-muted-foreground">
        Links and pictures may point to a page of this site (starting with /) or to an address
        starting with https://.
      </p>
      <p className="mt-2 text-muted-foreground">
        Write a few sentences around your pictures: spam filters distrust an e-mail that is mostly
        pictures.
      </p>
    </details>
  );
}
