#!/usr/bin/env node
/*
 * Applies the project's edits to dependencies (scripts/lib/dependency-patches.mjs, decision
 * 047): package.json's postinstall, so after every `npm ci` or `npm install`; by hand
 * (`npm run patch-dependencies`) after an install with --ignore-scripts. `--check` changes
 * nothing and exits 1 when an edit is missing.
 */
import { applyDependencyPatches, missingDependencyPatches } from "./lib/dependency-patches.mjs";

if (process.argv.includes("--check")) {
  const missing = missingDependencyPatches();
  if (missing.length > 0) {
    console.error(`not patched: ${missing.join(", ")} (run npm run patch-dependencies)`);
    process.exit(1);
  }
} else {
  try {
    const changed = applyDependencyPatches();
    if (changed.length > 0) console.log(`patched ${changed.join(", ")} (decision 047)`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
