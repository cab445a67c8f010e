/*
 * What the account page's two-step section (docs/product.md §3.15) shows, built by
 * app/server/users/two-step.server.ts.
 */

/** A QR code as the `qrcode` package draws it in SVG: its view box and its paths. */
export interface QrSvg {
  viewBox: string;
  paths: { fill?: string; stroke?: string; d: string }[];
}

export type TwoStepState =
  | { state: "off" }
  /** Set up, not yet confirmed with a code: the secret to scan or type in. */
  | { state: "setting-up"; secret: string; qr: QrSvg; otpauthUri: string }
  | { state: "on"; since: Date; recoveryCodesLeft: number };

/** How many one-time recovery codes an account gets when it turns two-step sign-in on. */
export const RECOVERY_CODE_COUNT = 10;

/** The downloadable text file of recovery codes (shown once). */
export function recoveryCodesFile(email: string, codes: readonly string[]): string {
  return [
    `Recovery codes for ${email}`,
    "",
    "Each code signs you in once instead of a code from your authenticator app.",
    "Keep them somewhere safe, apart from your phone.",
    "",
    ...codes,
    "",
  ].join("\n");
}
