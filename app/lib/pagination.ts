/*
 * Page navigation for admin lists (docs/product.md §3.8 /admin/orders, §9 "Page numbers shown:
 * 5"): Previous and Next, up to five consecutive page numbers around the current page,
 * ellipses where pages are left out, and a link to the last page.
 */

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

export const PAGE_WINDOW = 5;

/** How many pages `total` rows fill at `pageSize` per page (at least 1, so page 1 exists). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The items between Previous and Next, e.g. for page 10 of 20:
 * `["ellipsis-start", 8, 9, 10, 11, 12, "ellipsis-end", 20]`.
 * The window is centred on the current page where possible and never leaves 1…pages.
 */
export function pageWindow(current: number, pages: number, size = PAGE_WINDOW): PageItem[] {
  if (pages <= 1) return [1];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), pages);
  const width = Math.min(size, pages);
  let start = Math.max(1, page - Math.floor(width / 2));
  const end = Math.min(pages, start + width - 1);
  start = Math.max(1, end - width + 1);
  const items: PageItem[] = [];
  if (start > 1) items.push("ellipsis-start");
  for (let n = start; n <= end; n++) items.push(n);
  if (end < pages - 1) items.push("ellipsis-end");
  if (end < pages) items.push(pages);
  return items;
}

/** A `?page=` value as a page number: whole, at least 1; anything else means page 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return 1;
  return Math.max(1, Number.parseInt(value, 10));
}
