import type { LegalBlock } from "#app/lib/legal-markdown.ts";

/**
 * /privacy and /terms: the text with its last-updated date (decisions 028 and 042). The text
 * comes as blocks read on the server from the owner's Markdown, rendered here as text only.
 */
export function LegalPage({
  title,
  blocks,
  lastUpdated,
}: {
  title: string;
  blocks: LegalBlock[];
  lastUpdated: string;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">Last updated: {lastUpdated}</p>
      <div className="mt-8 [&>p:first-child]:text-lg">
        {blocks.map((block, index) => {
          const key = `${index}`;
          if (block.kind === "heading") {
            return block.level === 2 ? (
              <h2 key={key} className="mt-10 text-2xl font-bold tracking-tight">
                {block.text}
              </h2>
            ) : (
              <h3 key={key} className="mt-8 text-xl font-semibold">
                {block.text}
              </h3>
            );
          }
          if (block.kind === "list") {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List
                key={key}
                className={`mt-4 space-y-2 pl-6 ${block.ordered ? "list-decimal" : "list-disc"}`}
              >
                {block.items.map((item, itemIndex) => (
                  <li key={`${itemIndex}`}>{item}</li>
                ))}
              </List>
            );
          }
          return (
            <p key={key} className="mt-4">
              {block.text}
            </p>
          );
        })}
      </div>
    </article>
  );
}
