/*
 * The admin's rand format, apart from money.ts: money.ts is in the public pages' shared script,
 * and this formatter is only the admin's (and the buyer's delivery line), so it stays out of
 * every public page's first load (decision 046).
 */
import { onFirstUse } from "./on-first-use.ts";

const adminCurrency = onFirstUse(
  () => new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR" }),
);

/** Admin money (docs/product.md §9): the en-ZA locale's rand format. */
export function formatZar(cents: number): string {
  return adminCurrency().format(cents / 100);
}
