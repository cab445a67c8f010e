import type { Page } from "@playwright/test";
import {
  axe,
  E2E_ADMIN,
  expect,
  loginAs,
  test,
  toast,
  waitUntilHydrated,
} from "#tests/playwright-utils.ts";

/*
 * Passkeys (docs/product.md §3.13, §3.1; decision 036) in Chromium with its virtual
 * authenticator (CDP's WebAuthn domain): add one on the account page, sign out, sign in with
 * "Use a passkey", see the dashboard, then remove it. This spec runs on the passkey server
 * (playwright.config.ts: http://localhost, since a relying-party id cannot be an IP address).
 */

/** A platform authenticator that holds discoverable credentials and verifies its user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

async function expectAccessible(page: Page) {
  const results = await axe(page);
  expect(results.violations).toEqual([]);
}

test("add a passkey, sign in with it instead of the password, then remove it", async ({ page }) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const name = `Virtual key ${test.info().testId.slice(0, 6)}`;

  await loginAs(page, E2E_ADMIN);
  await expect(page).toHaveURL("/admin/dashboard");
  await page.goto("/admin/account");
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  const add = section.getByRole("button", { name: "Add a passkey" });
  await waitUntilHydrated(add);
  await expect(add).toBeEnabled();
  await expectAccessible(page);

  await section.getByLabel("Passkey name").fill(name);
  await section.getByLabel("Current password").fill(E2E_ADMIN.password);
  await add.click();
  await expect(section.getByText("Passkey added")).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: name })).toContainText("never used");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Signed out, the passkey alone signs the admin in: no e-mail, no password.
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL("/admin/login");
  const usePasskey = page.getByRole("button", { name: "Use a passkey" });
  await waitUntilHydrated(usePasskey);
  await expectAccessible(page);
  await usePasskey.click();
  await expect(page).toHaveURL("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // The account page shows its last use; removing it asks for the password.
  await page.goto("/admin/account");
  const item = page
    .getByRole("region", { name: "Passkeys" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(item).toContainText("last used");
  await item.getByText("Rename or remove").click();
  await item.getByLabel("Current password").fill(E2E_ADMIN.password);
  await item.getByRole("button", { name: "Remove passkey" }).click();
  await expect(toast(page, "Passkey removed")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Passkeys" }).getByText("You have no passkeys yet."),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login page says passkeys need JavaScript; the password still signs in", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    // Playwright's text matching skips <noscript>; the rendered text (innerText) does not.
    expect(await page.getByRole("main").innerText()).toContain(
      "Passkeys need JavaScript in this browser.",
    );
    await expect(page.getByRole("button", { name: "Use a passkey" })).toBeDisabled();
    await loginAs(page, E2E_ADMIN);
    await expect(page).toHaveURL("/admin/dashboard");
  });
});
