import type { Page } from "@playwright/test";
import { axe, expect, loginAs, test, toast, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { findEmail, newAdmin } from "./operations-helpers.ts";

/*
 * An admin's own account (docs/product.md §3.13, §3.14): change the password and sign in with
 * the new one; reset a forgotten one through the link in the .eml file the server writes,
 * with JavaScript and without. Each journey makes an admin of its own, so the shared e2e
 * admin's password never changes under the other specs.
 */

/** The reset link in the newest reset e-mail to `email` (its text part may be quoted-printable). */
async function resetLinkFrom(email: string): Promise<string> {
  const eml = await findEmail("account.password_reset", (text) => text.includes(email));
  const plain = eml.replace(/=\r?\n/g, "").replaceAll("=3D", "=");
  const link = /https?:\/\/[^\s"<>]+\/admin\/reset-password\/[A-Za-z0-9_-]{43}/.exec(plain)?.[0];
  expect(link, "a reset link in the e-mail").toBeTruthy();
  return link!;
}

// Each journey first makes its admin through Create Account and User Access.
test.describe.configure({ timeout: 90_000 });

async function expectAccessible(page: Page) {
  const results = await axe(page);
  expect(results.violations).toEqual([]);
}

test.describe("your account", () => {
  test("change the password from the account page, then sign in with the new one", async ({
    page,
    browser,
  }) => {
    const admin = await newAdmin(browser, "account-", "first-password-1");
    await loginAs(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("link", { name: /Signed in as/ }).click();
    await expect(page).toHaveURL("/admin/account");
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
    await expect(page.getByText("This device", { exact: true })).toBeVisible();
    await expectAccessible(page);

    const form = page.locator("form#change-password");
    await waitUntilHydrated(form);
    await form.getByLabel("Current password").fill(admin.password);
    await form.getByLabel("New password", { exact: true }).fill("too-short");
    await form.getByLabel("Confirm new password").fill("too-short");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Password must be at least 12 characters")).toBeVisible();

    const newPassword = "kettle on the workbench at dawn";
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(toast(page, "Password changed")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await loginAs(page, { email: admin.email, password: admin.password });
    await expect(page.getByText("Invalid email or password").first()).toBeVisible();
    await loginAs(page, { email: admin.email, password: newPassword });
    await expect(page).toHaveURL("/admin/dashboard");
  });

  test("forgot password: the e-mailed link sets a new password and signs in", async ({
    page,
    browser,
  }) => {
    const admin = await newAdmin(browser, "account-", "forgotten-password-1");
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/admin/forgot-password");
    await expectAccessible(page);
    const form = page.locator("form#forgot-password");
    await waitUntilHydrated(form);
    await form.getByLabel("Email").fill(admin.email);
    await form.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account exists for that address")).toBeVisible();

    const link = await resetLinkFrom(admin.email);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    await expectAccessible(page);
    const newPassword = "the lathe hums in the morning";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(toast(page, "Password changed")).toBeVisible();

    // Once used, the link says so and offers a new one.
    await page.goto(link);
    await expect(page.getByText("This link has already been used")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("forgot password works with plain form posts", async ({ page, browser }) => {
    const admin = await newAdmin(browser, "account-", "no-script-password-1");
    await page.goto("/admin/forgot-password");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account exists for that address")).toBeVisible();

    await page.goto(await resetLinkFrom(admin.email));
    const newPassword = "plain posts still work fine";
    // Long enough for the browser's own check, refused by the server's list.
    await page.getByLabel("New password", { exact: true }).fill("qwerty123456");
    await page.getByLabel("Confirm new password").fill("qwerty123456");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("This password is on a list of common")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });
});
