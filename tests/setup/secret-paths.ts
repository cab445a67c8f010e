import crypto from "node:crypto";

/*
 * Addresses that carry a buyer's order token, an unsubscribe token or a password-reset token
 * (docs/product.md §3.14), in the spellings a log
 * must redact (docs/security.md, "Tokens in the proxy's access log"): plain, percent-encoded,
 * a data request, in upper case and quoted by React Router's manifest query.
 */

/** A token shaped like the real ones (32 random bytes, base64url). */
export const randomToken = () => crypto.randomBytes(32).toString("base64url");

/** Each spelling with a token of its own; `tokens` lists them, to look for in the logs. */
export function secretPathProbes() {
  const tokens = Array.from({ length: 9 }, randomToken);
  const paths = [
    `/orders/${tokens[0]}`,
    `/%6Frders/${tokens[1]}`,
    `/orders/${tokens[2]}.data`,
    `/newsletter/unsubscribe/${tokens[3]}`,
    `/__manifest?paths=%2Forders%2F${tokens[4]}`,
    `/ORDERS/${tokens[5]}`,
    `/__manifest?paths=/crafts,/orders/${tokens[6]}`,
    `/admin/reset-password/${tokens[7]}`,
    `/newsletter/confirm/${tokens[8]}`,
  ];
  return { paths, tokens };
}
