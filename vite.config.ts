import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes .vite/chunk-modules.json beside Vite's manifest: which source modules each client
 * chunk holds. The bundle budget test (decision 012) proves with it that no public page loads
 * admin code, which the manifest alone cannot show for shared chunks.
 */
function chunkModulesManifest(): Plugin {
  return {
    name: "chunk-modules-manifest",
    apply: "build",
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        modules[fileName] = output.moduleIds
          .filter((id) => !id.startsWith("\0"))
          .map((id) => path.relative(process.cwd(), id.split("?")[0]!));
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/chunk-modules.json",
        source: JSON.stringify(modules),
      });
    },
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of every compressible client asset at their
 * highest levels, once per build: the server sends them as they are instead of compressing
 * the same file for every visitor (decision 012).
 */
function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const assets = path.join(outDir, "assets");
      if (!fs.existsSync(assets)) return;
      for (const file of fs.readdirSync(assets)) {
        if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
        const source = fs.readFileSync(path.join(assets, file));
        if (source.length < 1024) continue;
        fs.writeFileSync(
          path.join(assets, `${file}.br`),
          zlib.brotliCompressSync(source, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
        fs.writeFileSync(path.join(assets, `${file}.gz`), zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** The public site's shared code: its components, the UI primitives and helpers they use. */
const PUBLIC_SHARED = new RegExp(
  [
    // Not what one or two pages alone show: the checkout's contents, the popup's dialog, the
    // order totals and a line's personalisation (/cart, /checkout), the division pages' markup
    // (/digital, /hardware).
    /app\/components\/site\/(?!shop\/checkout-contents|shop\/order-totals|shop\/line-personalisation|newsletter-popup-dialog|division-page)/,
    /app\/components\/toaster/,
    /app\/components\/ui\/(button|input|textarea|label|native-select|card|skeleton|spinner|alert|skip-link)\./,
    /app\/lib\/(utils|forms|form-submissions|cart|newsletter|quote-services|seo|money|image-variants|on-first-use)\./,
    // Not the legal text: only /privacy and /terms show it.
    /app\/content\/(?!legal)/,
    /node_modules\/(clsx|tailwind-merge|class-variance-authority|lucide-react)\//,
    /node_modules\/@radix-ui\/react-(slot|compose-refs|primitive|label)\//,
  ]
    .map((pattern) => pattern.source)
    .join("|"),
);

/** A lucide icon's module: node_modules/lucide-react/dist/esm/icons/<file>. */
const LUCIDE_ICON = /node_modules\/lucide-react\/dist\/esm\/icons\/([\w-]+\.mjs)$/;

/**
 * The lucide icon files the public site's code imports (by name, from "lucide-react"): read
 * from the sources the public stylesheet also scans, with lucide's index naming each icon's
 * file. An icon imported some other way is simply left out of the "site" chunk, and loads
 * with the page that draws it.
 */
function publicIconFiles(): Set<string> {
  const index = fs.readFileSync("node_modules/lucide-react/dist/esm/lucide-react.mjs", "utf8");
  // "A as B" in an import or export list: [A, B].
  const namesOf = (list: string) => list.split(",").map((name) => name.trim().split(/\s+as\s+/));
  const fileOf = new Map<string, string>();
  for (const [, names = "", file = ""] of index.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([^']+)'/g,
  )) {
    for (const name of namesOf(names)) fileOf.set(name.at(-1)!, file);
  }
  const sources = (entry: string): string[] =>
    fs.statSync(entry).isDirectory()
      ? fs.readdirSync(entry).flatMap((name) => sources(path.join(entry, name)))
      : [entry];
  const files = ["app/root.tsx", "app/components", "app/routes/site", "app/lib", "app/content"]
    .flatMap(sources)
    .filter(
      (file) => /\.tsx?$/.test(file) && !file.startsWith(path.join("app", "components", "admin")),
    );
  const icons = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    for (const [, names = ""] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
      for (const [name = ""] of namesOf(names)) {
        const icon = fileOf.get(name);
        if (icon) icons.add(icon);
      }
    }
  }
  return icons;
}
const PUBLIC_ICONS = publicIconFiles();

/**
 * Fewer, larger chunks for a first visit. Left alone, the bundler split the public pages'
 * code into about 30 files of 1–3 KB, each one more request on a phone's slow network
 * before the page can start (Lighthouse's performance score rose from 91–95 to 95–98 with
 * the groups; decision 012). Three groups:
 * - "framework": React, React DOM and React Router, which every page loads;
 * - "site": PUBLIC_SHARED modules that two or more pages load at once ($initial). What the
 *   public pages load lazily (zod schemas, dialogs, toasts, checkout) is not in it, so it
 *   stays lazy; the bundle budget test proves it holds no admin module. Of lucide's icons
 *   only those public code imports (PUBLIC_ICONS): matched by path alone, the icons two admin
 *   pages share went into it too (13 of its 48, about 1 KB of every first visit);
 * - "admin-icons": the other icons, which only admin pages load.
 */
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
      priority: 2,
    },
    {
      // The icons only admin pages draw, in one file rather than one request each.
      name: "admin-icons",
      test: (id: string) => {
        const icon = LUCIDE_ICON.exec(id.replaceAll("\\", "/"))?.[1];
        return icon !== undefined && !PUBLIC_ICONS.has(icon);
      },
      // After "site", which takes lucide's own code (the icons' shared dependency) first.
      priority: 0,
    },
    {
      name: "site",
      test: (id: string) => {
        const file = id.replaceAll("\\", "/");
        const icon = LUCIDE_ICON.exec(file)?.[1];
        return icon ? PUBLIC_ICONS.has(icon) : PUBLIC_SHARED.test(file);
      },
      tags: ["$initial" as const],
      minShareCount: 2,
      priority: 1,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    ...(isSsrBuild ? [] : [chunkModulesManifest(), precompressAssets()]),
  ],
  // The server build's entry is server/app.ts (it wraps React Router's request handler), so
  // server.ts and the routes share one module graph for the request context.
  // The client build writes .vite/manifest.json: the bundle budget test reads each route's
  // chunks from it (decision 012).
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : { manifest: true, rolldownOptions: { output: { codeSplitting: clientChunks } } },
}));
