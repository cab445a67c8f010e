import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { pageWindow } from "#app/lib/pagination.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * Previous, up to five page numbers with ellipses, the last page, and Next (docs/product.md §3.8
 * /admin/orders). Links keep the list's other query parameters (search, filter) and drop a
 * dialog's (`drop`), so the state stays in the URL and works without JavaScript.
 */
export function AdminPagination({
  page,
  pageCount,
  label = "Pagination",
  drop = [],
}: {
  page: number;
  pageCount: number;
  label?: string;
  drop?: string[];
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    for (const name of drop) params.delete(name);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  const edge = cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1");
  const disabledEdge = cn(edge, "pointer-events-none opacity-50");
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={edge} rel="prev">
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Link>
      ) : (
        <span className={disabledEdge} aria-disabled="true">
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pageCount).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-current={item === page ? "page" : undefined}
                aria-label={
                  item === pageCount && item !== page ? `Page ${item}, last page` : `Page ${item}`
                }
                className={cn(
                  buttonVariants({ variant: item === page ? "default" : "ghost", size: "sm" }),
                  "min-w-9 tabular-nums",
                )}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={edge} rel="next">
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Link>
      ) : (
        <span className={disabledEdge} aria-disabled="true">
          Next
          <ChevronRightIcon aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
