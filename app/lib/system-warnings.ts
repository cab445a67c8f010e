/*
 * A configuration warning on the System page (app/server/system/warnings.server.ts decides
 * which apply): what is wrong, what to set and where, and the section of docs/deploy.md that
 * explains it. The docs are not served by the site, so a warning names the file and section.
 */

export type SystemWarningId =
  | "notify-example"
  | "sender-example"
  | "no-smtp"
  | "public-url-http"
  | "test-timings"
  | "no-recent-backup"
  | "demo-products";

export interface SystemWarning {
  id: SystemWarningId;
  /** A few words: "E-mail is not sent". */
  title: string;
  /** What is wrong and what it means for the shop. */
  problem: string;
  /** What to set or do, and where. */
  fix: string;
  /** Where the guide explains it: "docs/deploy.md, section 5 (Mail)". */
  docs: string;
}
