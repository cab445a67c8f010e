/**
 * The region of an admin list's cards (orders, quote requests): named by a visually hidden
 * heading, and busy while a new search, filter or page loads.
 */
export function ResultsRegion({
  id,
  title,
  busy,
  children,
}: {
  id: string;
  title: string;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} aria-busy={busy || undefined}>
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      {children}
    </section>
  );
}
