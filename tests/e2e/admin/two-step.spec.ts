import fs from "node:fs";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { axe, expect, loginAs, test, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { newAdmin } from "./operations-helpers.ts";

/*
 * Two-step sign-in (docs/product.md §3.15): turn it on from the account page (the key read
 * from the page, codes computed here as an authenticator app would), download the recovery
 * codes, sign out, sign in with the password and a code, then with a recovery code, once.
 * The journey makes an admin of its own, so the shared e2e admin signs in as before.
 */

test.describe.configure({ timeout: 120_000 });

async function expectAccessible(page: Page) {
  const results = await axe(page);
  expect(results.violations).toEqual([]);
}

/**
 * The code an app shows `stepsAhead` steps from now. The server takes ±1 step and each step
 * once, so a journey that used this step's code sends the next one instead of waiting.
 */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/admin/login");
}

test("turn on two-step sign-in, then sign in with a code and with a recovery code once", async ({
  page,
  browser,
}) => {
  const admin = await newAdmin(browser, "two-step-", "two-step-password-1");
  await loginAs(page, admin);
  await expect(page).toHaveURL("/admin/dashboard");
  await page.goto("/admin/account");
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await waitUntilHydrated(section.getByRole("button", { name: "Turn on two-step sign-in" }));
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expectAccessible(page);
  // Cancel drops the key; turning on again makes a new one.
  await section.getByRole("button", { name: "Cancel" }).click();
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();

  const secret = (await section.getByTestId("totp-secret").innerText()).replaceAll(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeField = section.getByLabel("2. Enter the 6-digit code the app shows");
  await codeField.fill("000000");
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(section.getByText("That code is not correct, or it was already used")).toBeVisible();
  await codeField.fill(codeFor(secret));
  await section.getByRole("button", { name: "Confirm and turn on" }).click();

  const codesRegion = section.getByRole("region", { name: "Your recovery codes" });
  await expect(codesRegion).toBeVisible();
  const codes = await codesRegion.getByRole("listitem").allInnerTexts();
  expect(codes).toHaveLength(10);
  await expect(section.getByText("On", { exact: true })).toBeVisible();
  await expectAccessible(page);

  const downloading = page.waitForEvent("download");
  await codesRegion.getByRole("link", { name: "Download recovery codes" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("recovery-codes.txt");
  const file = fs.readFileSync((await download.path())!, "utf8");
  for (const code of codes) expect(file).toContain(code);
  expect(file).toContain(admin.email);

  // The password alone no longer signs in: the code comes next.
  await signOut(page);
  await loginAs(page, admin);
  await expect(page).toHaveURL("/admin/login/two-step");
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await expectAccessible(page);
  const field = page.getByLabel("Authentication code");
  await field.fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not correct, or it was already used")).toBeVisible();
  // The set-up used this step's code: the next step's is within the drift the server takes.
  await field.fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/admin/dashboard");

  // A recovery code instead of the app's, once.
  await signOut(page);
  await loginAs(page, admin);
  await expect(page).toHaveURL("/admin/login/two-step");
  await page.getByLabel("Authentication code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await page.goto("/admin/account");
  await expect(page.getByText(/9 of 10 recovery codes left/)).toBeVisible();

  await signOut(page);
  await loginAs(page, admin);
  await expect(page).toHaveURL("/admin/login/two-step");
  await page.getByLabel("Authentication code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not correct, or it was already used")).toBeVisible();
  await expect(page).toHaveURL("/admin/login/two-step");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the second step works as a plain form", async ({ page, browser }) => {
    const admin = await newAdmin(browser, "two-step-", "two-step-password-2");
    await loginAs(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/account");
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    const secret = (await page.getByTestId("totp-secret").innerText()).replaceAll(/\s/g, "");
    const codeField = page.getByLabel("2. Enter the 6-digit code the app shows");
    await codeField.fill("12345");
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(
      page.getByText("Enter the 6-digit code from your authenticator app"),
    ).toBeVisible();
    await page.getByLabel("2. Enter the 6-digit code the app shows").fill(codeFor(secret));
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByRole("region", { name: "Your recovery codes" })).toBeVisible();
    await signOut(page);
    await loginAs(page, admin);
    await expect(page).toHaveURL("/admin/login/two-step");
    await page.getByLabel("Authentication code").fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
  });
});
