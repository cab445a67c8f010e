import { COMPILED_SERVER } from "../../scripts/lib/server-process.ts";

/*
 * The operator's commands as tests spawn them: what `npm run admin` and kwezi.service run, on
 * the production build the integration suite's global set-up keeps fresh (decision 030), not
 * the sources through a TypeScript loader.
 */

/** node's arguments for `npm run admin -- …` (package.json's "admin" script). */
export const ADMIN_COMMAND = ["--enable-source-maps", "scripts/admin.mjs"];

/** node's arguments for the server as kwezi.service starts it. */
export const SERVER_COMMAND = ["--enable-source-maps", COMPILED_SERVER];
