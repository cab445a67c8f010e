import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

/*
 * `npm run build`'s second step (decision 030): the server side outside React Router's build
 * (server.ts with its entry scripts/serve.ts, scripts/start.ts, the admin CLI) compiled to
 * plain JavaScript in build/node, so production runs node without a TypeScript loader.
 * The project's own code is bundled (`#app/*` resolves to the sources); packages stay
 * imports of node_modules. React Router's app bundle, build/server/index.js, stays what
 * server.ts imports at run time.
 */

const OUT_DIR = path.resolve("build/node");

/**
 * `import.meta.url` (and filename, dirname) keep naming the source file, not the bundle it
 * ends up in: app/server/db/migrate.server.ts finds db/migrations relative to itself. Every
 * output file is in OUT_DIR (chunks too), so the source is the same relative path from each.
 */
const sourceLocations: esbuild.Plugin = {
  name: "source-import-meta",
  setup(build) {
    // Plain .mjs too (scripts/lib/dependency-patches.mjs finds node_modules from itself);
    // the ts loader reads plain JavaScript as well.
    build.onLoad({ filter: /\.(ts|tsx|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let contents = await fs.promises.readFile(args.path, "utf8");
      if (contents.includes("import.meta.")) {
        const relative = path.relative(OUT_DIR, args.path).split(path.sep).join("/");
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url)`;
        contents = contents
          .replaceAll("import.meta.url", `${url}.href`)
          .replaceAll("import.meta.filename", `__sourceFileName(${url})`)
          .replaceAll("import.meta.dirname", `__sourceDirName(${url})`);
        if (contents.includes("__sourceFileName") || contents.includes("__sourceDirName")) {
          contents = `import { fileURLToPath as __fileURLToPath } from "node:url";
import { dirname as __dirname_ } from "node:path";
const __sourceFileName = (url: URL) => __fileURLToPath(url);
const __sourceDirName = (url: URL) => __dirname_(__fileURLToPath(url));
${contents}`;
        }
      }
      return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

export async function buildNode() {
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: {
      server: "scripts/serve.ts",
      start: "scripts/start.ts",
      admin: "scripts/admin.ts",
    },
    outdir: OUT_DIR,
    chunkNames: "[name]-[hash]",
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    jsx: "automatic",
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    logLevel: "warning",
    plugins: [sourceLocations],
  });
  // The sources these files were compiled from: build-freshness.mjs rebuilds when one is newer.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith("node_modules/") && !input.includes(":"))
    .sort();
  fs.writeFileSync(path.join(OUT_DIR, "inputs.json"), `${JSON.stringify(inputs, null, 1)}\n`);
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith(".js"))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  console.log(
    `build/node: server.js, start.js, admin.js (${(bytes / 1024).toFixed(0)} KB with their chunks, from ${inputs.length} source files)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildNode();
