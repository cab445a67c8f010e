/*
 * Money is exact: numeric(12,2) strings from the database, integer cents in code.
 * Never add floating-point rand amounts.
 */

const DECIMAL_MONEY = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "12.5" | "12.50" | 12.5 → 1250. Throws on anything that is not a money amount. */
export function toCents(amount: string | number): number {
  const text = typeof amount === "number" ? amount.toFixed(2) : amount.trim();
  const match = DECIMAL_MONEY.exec(text);
  if (!match) throw new RangeError(`not a money amount: ${JSON.stringify(amount)}`);
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money amount too large: ${text}`);
  return sign ? -cents : cents;
}

/** 1250 → "12.50", the form the database stores. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Public site prices (docs/product.md §1): 'R' and two decimals, e.g. "R450.00". */
export function formatRand(cents: number): string {
  return `R${centsToDecimal(cents)}`;
}
