import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { ALL_ROUTES } from "#tests/setup/routes.ts";

/*
 * The JavaScript budget of the public pages (decision 011), read from the production build's
 * Vite manifest: what a first visit to each public page loads (the client entry, the root,
 * the site layout and the page, with every static import) stays within 150 KB gzip, and none
 * of it is admin code. Lazily loaded chunks (dynamic imports) do not count: they load on
 * interaction.
 */

const JS_BUDGET_GZIP_BYTES = 150 * 1024;

const CLIENT = path.resolve("build/client");

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const manifest = JSON.parse(
  fs.readFileSync(path.join(CLIENT, ".vite/manifest.json"), "utf8"),
) as Record<string, ManifestChunk>;
const chunkModules = JSON.parse(
  fs.readFileSync(path.join(CLIENT, ".vite/chunk-modules.json"), "utf8"),
) as Record<string, string[]>;

const ROUTE_SUFFIX = "?__react-router-build-client-route";
const SITE_LAYOUT = "routes/site/_layout.tsx";
const clientEntry = Object.keys(manifest).find((key) => key.endsWith("entry.client.tsx"))!;

/** Every manifest key a first load of this route module pulls in statically. */
function firstLoadKeys(routeFile: string): Set<string> {
  const roots = [
    clientEntry,
    `app/root.tsx${ROUTE_SUFFIX}`,
    `app/${SITE_LAYOUT}${ROUTE_SUFFIX}`,
    `${routeFile}${ROUTE_SUFFIX}`,
  ];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

const gzipSize = (file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(CLIENT, file)), { level: 9 }).length;

/** Every page of the public layout in the route table, so a new public page is budgeted too. */
const PUBLIC_PAGES = ALL_ROUTES.filter((route) => route.files.includes(SITE_LAYOUT)).map(
  (route) => `app/${route.files.at(-1)}`,
);

const ADMIN_CODE = /^app\/(routes\/admin|components\/admin|server)\//;
const ADMIN_ICONS = /^assets\/admin-icons-/;

describe("public page bundles", () => {
  it.each(PUBLIC_PAGES)(
    "%s loads at most 150 KB of JavaScript (gzip) and no admin code",
    (route) => {
      const keys = firstLoadKeys(route);
      const files = [...keys].map((key) => manifest[key]!.file);
      const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
      console.info(`${route}: ${(bytes / 1024).toFixed(1)} KB gzip in ${files.length} files`);
      expect(bytes).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);

      const modules = files.flatMap((file) => chunkModules[file] ?? []);
      expect(modules.length).toBeGreaterThan(0);
      expect(modules.filter((id) => ADMIN_CODE.test(id))).toEqual([]);
      // Nor the icons only the admin draws (vite.config.ts: PUBLIC_ICONS, decision 046).
      expect(files.filter((file) => ADMIN_ICONS.test(file))).toEqual([]);
    },
  );

  it("budgets every public page of the route table", () => {
    expect(PUBLIC_PAGES).toEqual(
      expect.arrayContaining(["app/routes/site/home.tsx", "app/routes/site/product.tsx"]),
    );
    expect(PUBLIC_PAGES.length).toBeGreaterThanOrEqual(12);
  });

  it("the check itself sees admin code where it is", () => {
    const keys = firstLoadKeys("app/routes/admin/users.tsx");
    const modules = [...keys].flatMap((key) => chunkModules[manifest[key]!.file] ?? []);
    expect(modules).toContain("app/routes/admin/users.tsx");
    expect([...keys].map((key) => manifest[key]!.file)).toContainEqual(
      expect.stringMatching(ADMIN_ICONS),
    );
  });
});
