import { ensureBuild } from "./lib/server-process.ts";

/*
 * `npm run test:e2e`'s first step: the production build, made only when it is missing or
 * older than the sources. Within `npm test` the integration tests' global setup has just made
 * it (tests/setup/global-app-build.ts); building again cost 8–14 s of every CI run.
 */
if (!ensureBuild()) process.exit(1);
