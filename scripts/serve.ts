/*
 * The production server's entry, compiled to build/node/server.js (scripts/build-node.ts,
 * decision 030): what kwezi.service and `npm run serve` run with plain node. NODE_ENV is
 * production unless set, before any dependency is loaded (React and Express read it when
 * they load), so no cross-env is needed in front of it.
 */
process.env.NODE_ENV ??= "production";
const { main } = await import("../server.ts");
await main();

// A module (top-level await), though it exports nothing.
export {};
