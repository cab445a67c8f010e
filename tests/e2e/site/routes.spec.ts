import { expect, test } from "#tests/playwright-utils.ts";
import { PUBLIC_PATHS } from "./public-paths.ts";

/** Every route of spec section 2 answers with the right layout. */

for (const path of PUBLIC_PATHS) {
  test(`${path} renders in the public layout`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+${path === "/" ? "/?" : path}$`),
    );
    expect(await page.title()).not.toBe("");
  });
}

test("an unknown path gives the 404 page with status 404 inside the public layout", async ({
  page,
}) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("/admin redirects to /admin/dashboard", async ({ request }) => {
  const response = await request.get("/admin", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/\/admin\/dashboard$/);
});

test("/admin/login shows the Admin Portal outside the admin layout", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
});

test("/healthz answers 200 after checking the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("hashed assets are immutable and text is compressed", async ({ request }) => {
  // The route modules the page's module script imports, and the chunks the root one imports.
  const html = await (await request.get("/")).text();
  const routes = [...html.matchAll(/import \* as route\d+ from "([^"]+)"/g)].map((m) => m[1]!);
  const root = await (await request.get(routes[0]!)).text();
  const chunks = [...root.matchAll(/from"\.\/([\w-]+\.js)"/g)].map((m) => `/assets/${m[1]}`);
  const scripts = [...routes, ...chunks];
  expect(scripts.length).toBeGreaterThan(1);
  for (const script of scripts) {
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const asset = await request.get(script, { headers: { "Accept-Encoding": "gzip" } });
    expect(asset.headers()["cache-control"], script).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["x-powered-by"]).toBeUndefined();
    // Files under 1 KB are not worth compressing.
    if ((await asset.body()).length >= 1024) {
      expect(asset.headers()["content-encoding"], script).toBe("gzip");
    }
  }
});
