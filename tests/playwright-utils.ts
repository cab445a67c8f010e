import crypto from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_FORM_MIN_FILL_MS } from "../playwright.config.ts";

export { E2E_ADMIN };

/** Signs in through the login form (the real flow, cookie and all). */
export async function loginAs(
  page: Page,
  credentials: { email: string; password: string },
  path = "/admin/login",
) {
  await page.goto(path);
  await submitLogin(page, credentials);
}

/** Fills and sends the login form of the page on screen. */
export async function submitLogin(page: Page, credentials: { email: string; password: string }) {
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Email").fill(credentials.email);
  await form.getByLabel("Password", { exact: true }).fill(credentials.password);
  await form.getByRole("button", { name: "Login" }).click();
}

/**
 * Resolves once React has hydrated the element (it then carries React's props), so that a
 * click is handled by the app rather than by the browser's native form submission.
 */
export async function waitUntilHydrated(element: Locator) {
  await expect
    .poll(() =>
      element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))),
    )
    .toBe(true);
}

/**
 * A client address of the test's own (10.x.y.z, from its id). The e2e server believes
 * X-Forwarded-For from loopback (TRUST_PROXY=loopback, as behind a reverse proxy), so the
 * per-address rate limits count one test's submissions, never those of every spec that
 * happens to run in the same minute.
 */
export function clientAddressOf(testId: string): string {
  const hash = crypto.createHash("sha256").update(testId).digest();
  return `10.${hash[0]}.${hash[1]}.${hash[2]! === 0 ? 1 : hash[2]}`;
}

/**
 * `test` for every spec: each test is a visitor from its own address (see clientAddressOf),
 * and `loginAsAdmin()` signs the page in as the e2e admin on the dashboard.
 */
export const test = base.extend<{ loginAsAdmin: () => Promise<void> }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddressOf(testInfo.testId) });
  },
  loginAsAdmin: async ({ page }, use) => {
    await use(async () => {
      await loginAs(page, E2E_ADMIN);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });
  },
});

export { expect };

/**
 * The newsletter popup opens 5 s after a page loads (docs/product.md §2.13) and, being modal, hides the rest
 * of the page from a test that takes longer on a busy machine: this visitor has seen it.
 */
export async function hideNewsletterPopup(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem("newsletterPopupSeen", String(Date.now())),
  );
}

/**
 * A gate for requests: `wait()` holds a request until the test calls `release()`, once it has
 * seen what is shown meanwhile (no sleep, decision 032). Released, it lets everything through.
 */
export function requestGate() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait: () => released, release };
}

/**
 * Holds the data requests of one route's loader alone (`?_routes=<route id>`, as React Router
 * asks for a route with a clientLoader) until `release()`, so that the page's loading state
 * can be seen; the other loaders' requests (the layout's) answer at once. `held()` tells how
 * many requests it has held.
 */
export async function holdLoaderData(page: Page, routeId: string) {
  let held = 0;
  const gate = requestGate();
  await page.route(/\.data(\?|$)/, async (route) => {
    if (new URL(route.request().url()).searchParams.get("_routes") === routeId) {
      held += 1;
      await gate.wait();
    }
    await route.continue();
  });
  return { held: () => held, release: gate.release };
}

/** The WCAG 2.x A and AA rules, for an axe reading limited to them. */
export const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * While axe reads a page, every CSS animation and transition takes no time. axe reads colours
 * as they are at that instant, and text in mid-fade (a dialog or toast fading in, a toast
 * fading out, the home page's call to action changing every 3 s) has part opacity and fails
 * contrast it meets at rest. Waiting for the page to rest is not enough: on a slow machine a
 * reading of / takes longer than the 3 s between two changes of its call to action.
 * The CSP allows inline styles ('unsafe-inline'), so the sheet needs no nonce.
 */
const MOTIONLESS_CSS = `*, *::before, *::after {
  animation-duration: 0s !important; animation-delay: 0s !important;
  transition-duration: 0s !important; transition-delay: 0s !important;
}`;

/**
 * Resolves once no finite animation or transition is running. Endless ones (a skeleton's
 * pulse) are not waited for.
 */
async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * axe on the whole page (or as `configure` narrows it), toasts included, read at rest: motion
 * is made instant first, then what was already moving is waited out (a transition that has
 * begun keeps the duration it began with).
 */
export async function axe(
  page: Page,
  configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder,
) {
  const sheet = await page.addStyleTag({ content: MOTIONLESS_CSS });
  try {
    await settleAnimations(page);
    return await configure(new AxeBuilder({ page })).analyze();
  } finally {
    await sheet.evaluate((element) => (element as HTMLStyleElement).remove());
    await sheet.dispose();
  }
}

/**
 * A toast by its exact title. Scoped to the toaster because a page may show the same words
 * elsewhere (the quote reply's "Reply sent" is both a toast and a heading).
 */
export function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toaster]").getByText(title, { exact: true });
}

/**
 * Waits until the page's form stamp (`<served at ms>.<nonce>.<signature>`, or the checkout's
 * confirm stamp) is older than the journeys' server's minimum fill time (FORM_MIN_FILL_MS,
 * decision 032), as a person's would be: a test types faster than anyone, and a submission
 * sooner than that is treated as suspect (the checkout asks to confirm, the other forms are
 * held for an admin). Server and test runner share this machine's clock.
 */
export async function waitUntilFormStampIsOldEnough(_page: Page, form: Locator) {
  await waitUntilStampIsOldEnough(await form.locator('input[name="form_stamp"]').inputValue());
}

/** As waitUntilFormStampIsOldEnough, for a stamp read from a page's HTML. */
export async function waitUntilStampIsOldEnough(stamp: string) {
  // A checkout's confirm stamp is `c.<given at ms>.<nonce>.<signature>`, and ages the same way.
  const servedAt = Number(stamp.replace(/^c\./, "").split(".")[0]);
  expect(Number.isFinite(servedAt) && servedAt > 0, `a form stamp, got "${stamp}"`).toBe(true);
  const wait = servedAt + E2E_FORM_MIN_FILL_MS + 50 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
