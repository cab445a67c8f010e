/**
 * WCAG 2.4.1: the first stop of the keyboard jumps past the navigation (the public bar, the
 * admin's sidebar of fourteen stops) to the page's <main id="main">. Hidden until focused.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-foreground focus:shadow"
    >
      Skip to content
    </a>
  );
}
