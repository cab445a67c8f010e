import { DeferredPart } from "#app/components/admin/deferred-list.tsx";

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

/**
 * What a list shows, said politely to screen readers (WCAG 4.1.3 status messages): typing in
 * the search box (decision 017), the admin hears how many rows the term finds without
 * leaving the box. The element stays mounted while its text changes, so each new outcome is
 * announced; arriving from another page it fills in when the rows come.
 */
export function ResultsStatus<T>({
  resolve,
  text,
}: {
  resolve: T | Promise<T>;
  text: (value: T) => string;
}) {
  return (
    <p role="status" className="sr-only">
      <DeferredPart resolve={resolve}>{text}</DeferredPart>
    </p>
  );
}

/** "1 order found", "1,234 orders found", "More than 1,000 orders found". */
export function foundText(
  count: number,
  [singular, plural]: readonly [string, string],
  exact = true,
): string {
  const n = count.toLocaleString("en-ZA");
  return exact ? `${n} ${count === 1 ? singular : plural} found` : `More than ${n} ${plural} found`;
}
