import { ensureBuild } from "../../scripts/lib/server-process.ts";

/*
 * Integration tests drive the production server bundle (build/server/index.js), built here
 * once per run when it is missing or older than the sources. Compiling the app on demand
 * with a Vite dev server in every test file cost seconds per file and most of the run's CPU.
 * Projects' global setups run one after the other, so the second finds the build fresh.
 */
export default function setup() {
  if (!ensureBuild((line) => console.log(line))) {
    throw new Error("the production build failed; integration tests need build/server/index.js");
  }
}
