import fs from "node:fs";

/*
 * `npm start`, compiled to build/node/start.js (decision 030) and run by scripts/start.mjs
 * once the build is fresh: checks the configuration, then serves (server.ts migrates and
 * seeds at start).
 */

// A .env file in the project root is read by `npm start` and `npm run dev`; variables already
// set in the environment win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const { loadEnv } = await import("../app/server/env.server.ts");
try {
  loadEnv();
} catch (error) {
  console.error(`start-up failed: ${(error as Error).message}`);
  process.exit(1);
}

const { main } = await import("../server.ts");
await main();
