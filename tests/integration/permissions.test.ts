import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { hashSessionToken } from "#app/server/users/session.server.ts";
import {
  auditLog,
  categories,
  contactRequests,
  heldSubmissions,
  newsletterSubscribers,
  newsletters,
  orderItems,
  orders,
  products,
  sessions,
} from "#db/schema/index.ts";
import { dataPath as dataPathOf } from "#tests/setup/action-targets.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { databaseFingerprint } from "#tests/setup/db-fingerprint.ts";
import { ALL_ROUTES, importRouteModule, routeIdOf } from "#tests/setup/routes.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * The permission matrix (decision 006): every admin route, loader and action, page and data
 * request, as an anonymous visitor, a signed-in non-admin and an admin. The routes come from
 * the route table; a new admin route fails the first test until it is listed here.
 * Data requests also name one loader at a time (`?_routes=<route id>`, which runs that loader
 * and no other, not even the layout's), so each loader is proved to guard itself; a data POST
 * runs the action alone, which proves the same for actions.
 */

type Ids = {
  productId: string;
  categoryId: string;
  orderId: string;
  heldId: string;
  newsletterId: string;
};

/** Every admin route pattern, with a real address to request (ids of seeded rows). */
const ADMIN_ROUTES: Record<string, (ids: Ids) => string> = {
  "admin/dashboard": () => "/admin/dashboard",
  "admin/products": () => "/admin/products",
  "admin/products/new": () => "/admin/products/new",
  "admin/products/:id": (ids) => `/admin/products/${ids.productId}`,
  "admin/categories": () => "/admin/categories",
  "admin/categories/new": () => "/admin/categories/new",
  "admin/categories/manager": () => "/admin/categories/manager",
  "admin/categories/:id": (ids) => `/admin/categories/${ids.categoryId}`,
  "admin/orders": () => "/admin/orders",
  "admin/orders/:id": (ids) => `/admin/orders/${ids.orderId}`,
  "admin/orders/export.csv": () => "/admin/orders/export.csv",
  "admin/orders/:id/invoice": (ids) => `/admin/orders/${ids.orderId}/invoice`,
  "admin/subscribers": () => "/admin/subscribers",
  "admin/subscribers/export.csv": () => "/admin/subscribers/export.csv",
  "admin/newsletters": () => "/admin/newsletters",
  "admin/newsletters/:id": (ids) => `/admin/newsletters/${ids.newsletterId}`,
  "admin/quote-requests": () => "/admin/quote-requests",
  "admin/quote-requests/export.csv": () => "/admin/quote-requests/export.csv",
  "admin/held": () => "/admin/held",
  "admin/users": () => "/admin/users",
  "admin/email": () => "/admin/email",
  "admin/audit": () => "/admin/audit",
  "admin/audit/export.csv": () => "/admin/audit/export.csv",
  "admin/system": () => "/admin/system",
  "admin/system/backup": () => "/admin/system/backup",
  "admin/account": () => "/admin/account",
  "admin/personal-data": () => "/admin/personal-data?email=buyer%40example.com",
  "admin/personal-data/export.json": () =>
    "/admin/personal-data/export.json?email=buyer%40example.com",
  "admin/settings": () => "/admin/settings",
  "admin/settings/hero-tiles": () => "/admin/settings/hero-tiles",
  "admin/settings/legal/:page": () => "/admin/settings/legal/privacy",
  "admin/settings/about": () => "/admin/settings/about",
  "admin/settings/:kind": () => "/admin/settings/portfolio",
  "admin/settings/:kind/:id": () => "/admin/settings/equipment/new",
};

/**
 * Resource routes (no page, no layout): the CSV downloads of decision 009. An admin gets the file
 * (with the seeded row it must contain) instead of a page with the layout's data.
 */
const RESOURCE_ROUTES: Record<
  string,
  {
    contentType: RegExp;
    contains: string;
    gzip?: boolean;
    /** Asked for with a POST; a GET from an admin is sent here instead. */
    post?: { getRedirectsTo: string };
  }
> = {
  "admin/orders/export.csv": { contentType: /^text\/csv/, contains: "canary-customer-4d1f" },
  "admin/subscribers/export.csv": {
    contentType: /^text\/csv/,
    contains: "canary-subscriber-4d1f@example.com",
  },
  "admin/quote-requests/export.csv": { contentType: /^text\/csv/, contains: "canary-quote-4d1f" },
  "admin/audit/export.csv": { contentType: /^text\/csv/, contains: "canary-audit-4d1f" },
  // A person's data (docs/product.md §3.16): the seeded order is buyer@example.com's.
  "admin/personal-data/export.json": {
    contentType: /^application\/json/,
    contains: "canary-customer-4d1f",
  },
  // The whole shop as one backup file (decision 019), asked for with a POST.
  "admin/system/backup": {
    contentType: /^application\/gzip$/,
    contains: "canary-customer-4d1f",
    gzip: true,
    post: { getRedirectsTo: "/admin/system" },
  },
};

/**
 * Admin pages outside the admin's layout (printable documents): no layout data, so what proves
 * the admin was served is the page's own data, named here.
 */
const STANDALONE_PAGES: Record<string, (ids: Ids) => string> = {
  // docs/product.md §3.9 "Invoice": the seeded order's invoice page names the order.
  "admin/orders/:id/invoice": (ids) => ids.orderId,
};

/**
 * Admin routes open to everyone by design: signing in and out, and /admin, which only
 * redirects to /admin/dashboard (docs/product.md §3) and reads nothing (tested below).
 */
const PUBLIC_ADMIN_ROUTES = [
  "admin/login",
  "admin/logout",
  "admin/",
  // docs/product.md §3.14: for whoever cannot sign in; they show no admin data.
  "admin/forgot-password",
  "admin/reset-password/:token",
  // docs/product.md §3.15: the code after the password, for whoever holds a pending sign-in.
  "admin/login/two-step",
];

const ROUTES = ALL_ROUTES.filter((r) => r.pattern === "admin/" || r.pattern.startsWith("admin/"));
const GUARDED = ROUTES.filter((r) => !PUBLIC_ADMIN_ROUTES.includes(r.pattern));

const importModule = importRouteModule;

/** Every admin module's route id (layouts included), to see which loaders a response holds. */
const ROUTE_IDS = [...new Set(ROUTES.flatMap((r) => r.files))]
  .filter((f) => f.startsWith("routes/admin/"))
  .map(routeIdOf);

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let ids: Ids;
let admin: { id: string; email: string };
let regular: { id: string; email: string };

/** Strings that only a signed-in admin may ever receive. */
const CANARIES = [
  "canary-product-4d1f",
  "canary-category-4d1f",
  "canary-customer-4d1f",
  "canary-subscriber-4d1f@example.com",
  "canary-quote-4d1f",
  "canary-held-4d1f",
  "canary-audit-4d1f",
];

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  const { db } = services;
  const [product] = await db
    .insert(products)
    .values({ name: CANARIES[0]!, price: "10.00" })
    .returning({ id: products.id });
  const [category] = await db
    .insert(categories)
    .values({ name: CANARIES[1]! })
    .returning({ id: categories.id });
  const [order] = await db
    .insert(orders)
    .values({ customerName: CANARIES[2]!, email: "buyer@example.com", phone: "0310000000" })
    .returning({ id: orders.id });
  await db
    .insert(orderItems)
    .values({ orderId: order!.id, productName: CANARIES[0]!, price: "10.00", quantity: 1 });
  await db.insert(newsletterSubscribers).values({ email: CANARIES[3]! });
  await db.insert(contactRequests).values({
    name: CANARIES[4]!,
    email: "quote@example.com",
    service: "iot",
    message: CANARIES[4]!,
  });
  // A submission held as possible spam (decision 016): only an admin sees, releases or deletes it.
  const [held] = await db
    .insert(heldSubmissions)
    .values({
      form: "quote",
      reason: "too-fast",
      name: CANARIES[5]!,
      email: "held@example.com",
      payload: { name: CANARIES[5]!, email: "held@example.com", service: "iot", message: "x" },
    })
    .returning({ id: heldSubmissions.id });
  await db.insert(auditLog).values({
    actorEmail: "owner@example.com",
    action: "product.update",
    entity: "product",
    entityId: product!.id,
    details: { name: CANARIES[6]! },
  });
  // A draft newsletter (docs/product.md §3.18): its page is the admin's only.
  const [newsletter] = await db
    .insert(newsletters)
    .values({ createdBy: "owner@example.com" })
    .returning({ id: newsletters.id });
  ids = {
    productId: product!.id,
    categoryId: category!.id,
    orderId: order!.id,
    heldId: held!.id,
    newsletterId: newsletter!.id,
  };
  admin = await createTestUser(db, { admin: true, email: "matrix-admin@example.com" });
  regular = await createTestUser(db, { email: "matrix-regular@example.com" });
}, 120_000);
afterAll(() => handle.close());

/** A page's data request; a query string (a search, say) stays after `.data`. */
const dataPath = (page: string) => dataPathOf(page);

/**
 * A single-fetch data request that names the routes whose loaders run (`?_routes=`), as React
 * Router's client sends when only some loaders need revalidating. Only the named loader runs:
 * the layout's guard does not, so each loader must guard itself.
 */
const targetedDataPath = (page: string, id: string) =>
  `${dataPath(page)}${page.includes("?") ? "&" : "?"}${new URLSearchParams({ _routes: id })}`;

/**
 * A refused POST: a redirect to the login page (a page POST: 302; a data POST: 202 with the
 * redirect encoded), or 405 when the route has no action yet (a route with an error boundary
 * renders it, so its guarded loaders answer with the redirect instead).
 */
async function expectRefusedPost(response: Response, hasAction: boolean) {
  const body = await response.text();
  expectNoPrivateData(body);
  if (!hasAction && response.status === 405) return;
  if (response.status === 302) {
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login(\?redirectTo=|$)/);
    return;
  }
  expect(response.status).toBe(202);
  expect(body).toMatch(/"redirect","\/admin\/login(\?redirectTo=[^"]*)?"/);
}

function expectNoPrivateData(body: string) {
  for (const canary of [...CANARIES, admin.email, regular.email]) {
    expect(body).not.toContain(canary);
  }
}

describe("the route table", () => {
  it("lists every admin route in this matrix, and nothing that does not exist", () => {
    expect(GUARDED.map((r) => r.pattern).sort()).toEqual(Object.keys(ADMIN_ROUTES).sort());
    expect(ROUTES.map((r) => r.pattern)).toEqual(expect.arrayContaining(PUBLIC_ADMIN_ROUTES));
  });

  it("gives every admin page and layout a loader (the guard runs there)", async () => {
    for (const route of GUARDED) {
      for (const file of route.files.filter((f) => f.startsWith("routes/admin/"))) {
        const module = await importModule(file);
        expect(typeof module.loader, `${file} has a loader`).toBe("function");
      }
    }
  });
});

describe("/admin", () => {
  it("redirects everyone to /admin/dashboard, whose guard then decides", async () => {
    const module = await importModule("routes/admin/index.tsx");
    expect(module.action).toBeUndefined();
    const anonymous = await app.request("/admin");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/admin/dashboard");
    expectNoPrivateData(await anonymous.text());
    const next = await app.request("/admin/dashboard");
    expect(next.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
  });
});

describe.each(GUARDED)("$pattern", (route) => {
  const page = () => ADMIN_ROUTES[route.pattern]!(ids);
  let hasAction = false;
  /** The ids of this route's admin modules (layout and page) that have a loader. */
  let loaderIds: string[] = [];
  beforeAll(async () => {
    const module = await importModule(route.files.at(-1)!);
    hasAction = typeof module.action === "function";
    loaderIds = [];
    for (const file of route.files.filter((f) => f.startsWith("routes/admin/"))) {
      if (typeof (await importModule(file)).loader === "function") loaderIds.push(routeIdOf(file));
    }
  });

  it("redirects an anonymous visitor to the login page, remembering the page", async () => {
    const response = await app.request(page());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/admin/login?${new URLSearchParams({ redirectTo: page() })}`,
    );
    expectNoPrivateData(await response.text());
  });

  it("gives an anonymous data request the redirect and no data", async () => {
    const response = await app.request(dataPath(page()));
    expect(response.status).toBe(202);
    const body = await response.text();
    expect(body).toContain("SingleFetchRedirect");
    expect(body).toContain(`/admin/login?${new URLSearchParams({ redirectTo: page() })}`);
    expectNoPrivateData(body);
  });

  it("runs each admin loader alone for an admin (?_routes=), so the refusals below are its own", async () => {
    expect(loaderIds).toContain(routeIdOf(route.files.at(-1)!));
    for (const id of loaderIds) {
      const { cookie } = await signedInCookie(services, admin.id);
      const response = await app.request(targetedDataPath(page(), id), {
        headers: { Cookie: cookie },
      });
      const body = await response.text();
      const redirectsTo = RESOURCE_ROUTES[route.pattern]?.post?.getRedirectsTo;
      if (redirectsTo) {
        // Its loader only sends an admin on (to the page with the form that posts).
        expect(response.status, id).toBe(202);
        expect(body, id).toContain(`"redirect","${redirectsTo}"`);
        continue;
      }
      expect(response.status, id).toBe(200);
      expect(body, id).not.toContain("SingleFetchRedirect");
      // The named loader's result arrives, under its id; no other loader ran (the layout's
      // guard in particular), so an anonymous answer without data can only come from this one.
      expect(body, id).toContain(`"${id}"`);
      for (const other of ROUTE_IDS.filter((o) => o !== id)) {
        expect(body, `${id} ran alone`).not.toContain(`"${other}"`);
      }
    }
  });

  it("refuses an anonymous data request for each loader alone (?_routes=), without data or change", async () => {
    const before = await databaseFingerprint(services.db);
    for (const id of loaderIds) {
      const response = await app.request(targetedDataPath(page(), id));
      const body = await response.text();
      expect(response.status, id).toBe(202);
      expect(body, id).toContain("SingleFetchRedirect");
      expect(body, id).toContain(`/admin/login?${new URLSearchParams({ redirectTo: page() })}`);
      expect(body, id).not.toContain(`"${id}"`);
      expectNoPrivateData(body);
    }
    expect(await databaseFingerprint(services.db)).toBe(before);
  });

  it("signs a non-admin out of a data request for each loader alone (?_routes=), without data or change", async () => {
    const before = await databaseFingerprint(services.db);
    for (const id of loaderIds) {
      const { cookie, token } = await signedInCookie(services, regular.id);
      const response = await app.request(targetedDataPath(page(), id), {
        headers: { Cookie: cookie },
      });
      const body = await response.text();
      expect(response.status, id).toBe(202);
      expect(body, id).toContain('"redirect","/admin/login"');
      expect(body, id).not.toContain(`"${id}"`);
      expect(response.headers.getSetCookie().join("\n"), id).toMatch(/en_session=;.*Max-Age=0/);
      expectNoPrivateData(body);
      const [session] = await services.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, hashSessionToken(token)));
      expect(session, `${id} ended the session`).toBeUndefined();
    }
    expect(await databaseFingerprint(services.db)).toBe(before);
  });

  /** What a refused POST asks for: a delete, and on the held view a release too. */
  const refusedPostBodies = () =>
    route.pattern === "admin/held"
      ? [
          { intent: "release", id: ids.heldId },
          { intent: "delete", id: ids.heldId },
        ]
      : [{ intent: "delete", id: ids.productId }];

  it("refuses an anonymous POST and changes nothing", async () => {
    const before = await databaseFingerprint(services.db);
    for (const target of [page(), dataPath(page())]) {
      for (const body of refusedPostBodies()) {
        const response = await app.postForm(target, body);
        await expectRefusedPost(response, hasAction);
      }
    }
    expect(await databaseFingerprint(services.db)).toBe(before);
  });

  it("signs a non-admin out and sends them to the login page with the denial, without data", async () => {
    const tokens: string[] = [];
    for (const target of [page(), dataPath(page())]) {
      const { cookie, token } = await signedInCookie(services, regular.id);
      tokens.push(hashSessionToken(token));
      const response = await app.request(target, { headers: { Cookie: cookie } });
      const body = await response.text();
      if (target === page()) {
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/admin/login");
      } else {
        expect(response.status).toBe(202);
        expect(body).toContain('"redirect","/admin/login"');
      }
      const setCookies = response.headers.getSetCookie().join("\n");
      expect(setCookies).toContain("en_toast=");
      expect(setCookies).toMatch(/en_session=;.*Max-Age=0/);
      expectNoPrivateData(body);
    }
    const remaining = await services.db.select({ id: sessions.id }).from(sessions);
    expect(remaining.map((s) => s.id)).not.toEqual(expect.arrayContaining([tokens[0]]));
    expect(remaining.map((s) => s.id)).not.toEqual(expect.arrayContaining([tokens[1]]));
  });

  it("refuses a non-admin's POST and changes nothing", async () => {
    const before = await databaseFingerprint(services.db);
    for (const target of [page(), dataPath(page())]) {
      for (const body of refusedPostBodies()) {
        const { cookie } = await signedInCookie(services, regular.id);
        const response = await app.postForm(target, body, { headers: { Cookie: cookie } });
        await expectRefusedPost(response, hasAction);
      }
    }
    expect(await databaseFingerprint(services.db)).toBe(before);
  });

  it("serves an admin the page and its data", async () => {
    const { cookie } = await signedInCookie(services, admin.id);
    const resource = RESOURCE_ROUTES[route.pattern];
    if (resource) {
      const response = resource.post
        ? await app.postForm(page(), {}, { headers: { Cookie: cookie } })
        : await app.request(page(), { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(resource.contentType);
      const body = Buffer.from(await response.arrayBuffer());
      expect((resource.gzip ? gunzipSync(body) : body).toString("utf8")).toContain(
        resource.contains,
      );
      return;
    }
    const response = await app.request(page(), { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const data = await app.request(dataPath(page()), { headers: { Cookie: cookie } });
    expect(data.status).toBe(200);
    const body = await data.text();
    const own = STANDALONE_PAGES[route.pattern];
    // The layout's data (who is signed in) arrives only for the admin; a page outside the
    // layout shows its own.
    expect(body).toContain(own ? own(ids) : admin.email);
    expect(body).not.toContain("SingleFetchRedirect");
    // The held view shows the admin what is held (and no one else, above).
    if (route.pattern === "admin/held") expect(body).toContain(CANARIES[5]);
  });

  it("lets an admin reach the action, when the route has one", async () => {
    if (!hasAction) return;
    const { cookie } = await signedInCookie(services, admin.id);
    const response = await app.postForm(
      page(),
      { intent: "matrix-probe" },
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBeLessThan(500);
    expect(response.status).not.toBe(405);
    expect(response.headers.get("Location") ?? "").not.toMatch(/^\/admin\/login/);
    // A data POST runs the action alone (no loader, no layout), so the redirects the refused
    // data POSTs above received came from the action's own guard.
    const data = await app.postForm(
      dataPath(page()),
      { intent: "matrix-probe" },
      { headers: { Cookie: cookie } },
    );
    expect(data.status).toBeLessThan(500);
    expect(data.status).not.toBe(405);
    expect(await data.text()).not.toContain("SingleFetchRedirect");
  });
});
