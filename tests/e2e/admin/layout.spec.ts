import { axe, expect, test } from "#tests/playwright-utils.ts";
import { placeOrder, submitQuoteRequest, subscribe, uniqueTag } from "./operations-helpers.ts";

const ADMIN_SECTIONS = [
  ["/admin/dashboard", "Dashboard"],
  ["/admin/products", "Products"],
  ["/admin/categories", "Categories"],
  ["/admin/orders", "Orders"],
  ["/admin/subscribers", "Subscribers"],
  ["/admin/newsletters", "Newsletters"],
  ["/admin/quote-requests", "Quote Requests"],
  ["/admin/users", "User Access"],
  ["/admin/email", "E-mail"],
  ["/admin/audit", "Audit Log"],
  ["/admin/system", "System"],
  ["/admin/settings", "Settings"],
] as const;

const ADMIN_PATHS = [
  ...ADMIN_SECTIONS.map(([path]) => path),
  "/admin/products/new",
  "/admin/categories/new",
  "/admin/categories/manager",
  "/admin/settings/hero-tiles",
];

test.describe("admin layout", () => {
  test("every section renders in the admin layout with its section highlighted", async ({
    page,
    loginAsAdmin,
  }) => {
    test.setTimeout(90_000);
    await loginAsAdmin();
    for (const path of ADMIN_PATHS) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const nav = page.getByRole("navigation", { name: "Admin" });
      await expect(nav).toBeVisible();
      const [, label] = ADMIN_SECTIONS.find(([prefix]) => path.startsWith(prefix))!;
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect((await axe(page)).violations, path).toEqual([]);
    }
  });

  test("every section is axe-clean on a phone", async ({ page, loginAsAdmin }) => {
    test.setTimeout(120_000);
    // Rows with long unbroken names and addresses, newest so on every list's first page: a
    // card or cell must cut them short, never widen the page.
    const long = `Nomvuyiselwa-Ntombizodwa Mkhwanazi-Ngubane ${uniqueTag("wide")}`;
    const address = `${long.toLowerCase().replaceAll(" ", ".")}@example.co.za`;
    await placeOrder({ name: long, email: address, phone: "082 555 0199" });
    await submitQuoteRequest({
      name: long,
      email: address,
      service: "web-development",
      message: "A long name and address on a narrow screen.",
    });
    await subscribe(address);
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAsAdmin();
    // An audited download whose record names a long unbroken domain: the audit log's newest
    // entry, whose details must wrap inside the phone's card.
    const longDomain = `nomvuyiselwantombizodwamkhwanazingubane${uniqueTag("d")}`;
    const exported = await page.request.get(
      `/admin/personal-data/export.json?${new URLSearchParams({ email: `n@${longDomain}.co.za` })}`,
    );
    expect(exported.status()).toBe(200);
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect((await axe(page)).violations, path).toEqual([]);
      // Nothing wider than the phone: the page scrolls down, never sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("anonymous visitors are sent to the login page for every section", async ({ page }) => {
    test.setTimeout(60_000);
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expect(page).toHaveURL(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
    }
    await page.goto("/admin");
    await expect(page).toHaveURL("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
  });

  test("on a small screen the menu collapses and opens; it links to the main website", async ({
    page,
    loginAsAdmin,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin();
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Open admin menu" }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page).toHaveURL("/admin/orders");
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Open admin menu" }).click();
    await expect(nav.getByRole("link", { name: "Main website" })).toHaveAttribute("href", "/");
  });
});
