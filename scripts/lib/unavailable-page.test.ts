import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { COMPANY } from "#app/content/company.ts";

/*
 * deploy/www/kwezi-unavailable.html: what nginx and Caddy show when no app process answers.
 * It cannot read app/content/company.ts, so this test keeps it true to it.
 */

const page = fs.readFileSync("deploy/www/kwezi-unavailable.html", "utf8");

describe("the proxy's 'back in a moment' page", () => {
  it("has the company's phone number and e-mail, as a link", () => {
    expect(page).toContain(COMPANY.phone);
    expect(page).toContain(`href="${COMPANY.phoneHref}"`);
    expect(page).toContain(`mailto:${COMPANY.generalEmail}`);
    expect(page).toContain(COMPANY.name);
  });

  it("needs nothing from anywhere: no script, stylesheet, font or image to load", () => {
    expect(page).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|src=/i);
    expect(page.match(/href="([^"]+)"/g)).toEqual([
      `href="${COMPANY.phoneHref}"`,
      `href="mailto:${COMPANY.generalEmail}"`,
    ]);
  });
});
