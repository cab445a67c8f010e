import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import pino, { type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { removeLeftoverDownloads } from "#app/server/backup/download.server.ts";
import { CATALOG_CHANNEL } from "#app/server/catalog/catalog-events.server.ts";
import { type AppServices, rateLimitRules, systemClock } from "#app/server/context.server.ts";
import { bootstrapDatabase } from "#app/server/db/bootstrap.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { listenForChannel } from "#app/server/db/listen.server.ts";
import { MIGRATION_FAILED_EXIT_CODE, MigrationError } from "#app/server/db/migrate.server.ts";
import { type Env, loadEnv } from "#app/server/env.server.ts";
import { clientFiles } from "#app/server/http/client-files.server.ts";
import { pageCacheMiddleware } from "#app/server/http/express-page-cache.server.ts";
import { applySecurity } from "#app/server/http/express-security.server.ts";
import { healthCheck } from "#app/server/http/health.server.ts";
import {
  redactLogLine,
  redactUrl,
  serializeLoggedError,
} from "#app/server/http/log-redaction.server.ts";
import { cacheablePathsOf, PageCache } from "#app/server/http/page-cache.server.ts";
import { missingAsset, precompressedAssets } from "#app/server/http/precompressed-assets.server.ts";
import { RateLimits } from "#app/server/http/rate-limit.server.ts";
import { newsletterDelivery } from "#app/server/newsletter/newsletters.server.ts";
import { startOutbox } from "#app/server/notifications/worker.server.ts";
import {
  BusinessDetailsCache,
  withBusinessDetails,
} from "#app/server/site/business-details.server.ts";
import { serveUploads } from "#app/server/storage/serve-uploads.server.ts";
import { createStorage } from "#app/server/storage/storage.server.ts";
import { startHousekeeping } from "#app/server/system/housekeeping.server.ts";
import { startupWarnings } from "#app/server/system/warnings.server.ts";
import { missingDependencyPatches } from "./scripts/lib/dependency-patches.mjs";

/*
 * Express bootstrap: configuration, database (migrated and seeded), static files with
 * immutable caching for hashed assets, /healthz, the React Router handler, graceful shutdown.
 */

const BUILD_SERVER_ENTRY = path.resolve("build/server/index.js");
const BUILD_CLIENT_DIR = path.resolve("build/client");

type ServerEntry = typeof import("./server/app.ts");

export async function startServer(options: { dev: boolean; env: Env; logger: Logger }) {
  const { env, logger, dev } = options;
  const database = await bootstrapDatabase(env, logger);
  // Settings left at their examples, said at every start as on the System page.
  for (const warning of startupWarnings(env)) logger.warn(warning);
  // An install with --ignore-scripts skips the edit that keeps a lost PostgreSQL connection
  // inside a transaction from ending the process (decision 047).
  if (database.kind === "postgres") {
    for (const file of missingDependencyPatches()) {
      logger.error(
        `database client: ${file} lacks the project's fix for connections lost inside a transaction, so a database outage can end the server. Run npm run patch-dependencies in the release's folder and restart (docs/deploy.md, section 2).`,
      );
    }
  }
  // A backup download cut short by a killed process leaves its file in DATA_DIR/tmp.
  removeLeftoverDownloads(env.DATA_DIR);
  const services: AppServices = {
    db: database.db,
    databaseKind: database.kind,
    env,
    logger,
    // Shared by all processes on PostgreSQL; in memory for the one process PGlite allows.
    rateLimits: new RateLimits(rateLimitRules(env), {
      db: database.kind === "postgres" ? database.db : undefined,
    }),
    storage: createStorage(env),
    clock: systemClock,
    business: new BusinessDetailsCache(database.db, env),
  };

  // Read once before serving: pages and e-mails read the business details from memory.
  await services.business.get();

  const app = express();
  app.disable("x-powered-by");
  // No ETag from res.send: every page carries its own nonce and form stamp, so its ETag would
  // never match, and computing it costs a SHA-1 of each page (0.16 ms for the home page's
  // 99 KB, docs/performance.md). Static files and uploads set their own validators.
  app.set("etag", false);
  app.set("trust proxy", env.TRUST_PROXY);
  // Responses compressed per request (uncached pages, data): gzip at zlib level 1, nginx's
  // default (15–25% more pages per second than level 6 for ~12% more bytes;
  // docs/performance.md); browsers, which also accept brotli, get brotli at compression's
  // default quality 4, about as costly (decision 023). A cached page comes already gzipped
  // from the page cache, spliced from pieces compressed once (decision 024), and is left
  // alone here. Hashed assets are compressed once, at the highest levels, by the build.
  app.use(compression({ level: 1 }));
  app.use(
    pinoHttp({
      logger,
      // Static files and health checks would drown the useful lines.
      // (A video's seeking is a request per range.)
      autoLogging: {
        ignore: (req) => /^\/(assets\/|media\/|healthz|favicon)/.test(req.url ?? ""),
      },
      serializers: {
        // Unsubscribe links carry an e-mail and a working signature: logged without them.
        req: (req) => ({ method: req.method, url: redactUrl(req.url ?? "") }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  // Headers, same-site check and body limits for every request (decision 010).
  applySecurity(app, env, logger, { dev });

  app.get("/healthz", healthCheck(database.ping, logger));

  // Uploaded and generated images (disk or database): never rewritten under the same name,
  // so immutable.
  app.use(
    "/uploads",
    serveUploads({ storage: services.storage, db: database.db, dataDir: env.DATA_DIR }),
  );

  // PAGE_CACHE=off keeps nothing: every public page is rendered for its request.
  const pageCache = new PageCache(env.PAGE_CACHE ? {} : { maxEntries: 0 });
  // Any process's committed catalogue or settings change empties every process's cache,
  // the business details first, so that no page is cached again with the old ones.
  const stopCatalogListener = dev
    ? async () => {}
    : await listenForChannel(
        database,
        CATALOG_CHANNEL,
        () => {
          services.business.forget();
          pageCache.clear();
        },
        { log: logger },
      );

  let entry: ServerEntry;
  if (dev) {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      try {
        const devEntry = (await vite.ssrLoadModule("./server/app.ts")) as ServerEntry;
        // Per request in development, so an edited route is served at once.
        (await devEntry.createExpressRequestHandler(services))(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    if (!fs.existsSync(BUILD_SERVER_ENTRY)) {
      throw new Error("no production build found: run `npm run build` (or `npm start`) first");
    }
    entry = (await import(BUILD_SERVER_ENTRY)) as ServerEntry;
    // Hashed file names never change content: cache them for a year.
    const assets = path.join(BUILD_CLIENT_DIR, "assets");
    app.use(
      "/assets",
      precompressedAssets(assets),
      express.static(assets, { immutable: true, maxAge: "1y" }),
      missingAsset,
    );
    // The About video's files (public/media) carry a hash of their content in their names
    // (scripts/make-about-video.ts): a new video is a new name, so a year is safe. Range
    // requests (seeking) are answered with 206 by express.static.
    app.use(
      "/media",
      express.static(path.join(BUILD_CLIENT_DIR, "media"), {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    app.use(clientFiles(BUILD_CLIENT_DIR, { maxAge: "1h", index: false }));
    // Public pages from memory until the catalogue changes (decision 011).
    app.use(
      pageCacheMiddleware({
        cache: pageCache,
        // What the routes declare public in their `handle` (decision 031).
        cacheablePath: cacheablePathsOf(await entry.routeTable()),
        render: await entry.createFetchHandler(services),
        secret: env.SESSION_SECRET,
        logger,
      }),
    );
    app.use(await entry.createExpressRequestHandler(services));
  }

  // E-mail delivery from the outbox (decision 003), woken by every commit that queues mail.
  // Started before listening: "serving" is logged (and a supervisor or test sees the server
  // ready) only once nothing left in start-up can fail and exit the process.
  const outbox = await startOutbox({
    env,
    database,
    logger,
    senderName: () => services.business.get().then((business) => business.senderName),
    newsletters: newsletterDelivery({ db: database.db, env: () => withBusinessDetails(services) }),
  });
  const stopHousekeeping = startHousekeeping({ db: database.db, logger, clock: services.clock });
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(env.PORT, env.HOST, () => resolve(listening));
      listening.once("error", reject);
    });
  } catch (error) {
    stopHousekeeping();
    await Promise.all([outbox.stop(), stopCatalogListener().catch(() => {})]);
    throw error;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info(`serving ${env.PUBLIC_URL} (listening on ${env.HOST}:${port}, ${database.kind})`);

  let closing: Promise<void> | undefined;
  /**
   * Stops accepting connections and lets running requests finish, while the outbox finishes
   * the e-mail it is sending; then closes the database.
   */
  const close = () => {
    closing ??= (async () => {
      stopHousekeeping();
      await Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
        outbox.stop(),
        stopCatalogListener().catch(() => {}),
      ]);
      await database.close();
    })();
    return closing;
  };
  return { server, port, services, close, pageCache, database: database as DatabaseHandle };
}

export async function main() {
  const dev = process.argv.includes("--dev");
  if (dev && fs.existsSync(".env")) process.loadEnvFile(".env");
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error(`start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
  const logger = pino({
    level: env.LOG_LEVEL,
    redact: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.passwordHash"],
    // A failed query is logged without the values it carried (what people typed, hashes).
    serializers: { err: serializeLoggedError },
    // No line names a buyer's order page or an unsubscribe link whole, in any field, however
    // its address was encoded.
    hooks: { streamWrite: redactLogLine },
    transport: dev ? { target: "pino-pretty" } : undefined,
  });
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer({ dev, env, logger });
  } catch (error) {
    // One line, no stack: the operator needs to know what to fix. A migration the database
    // refused fails the same way at every start: a code of its own, on which kwezi.service
    // does not restart (RestartPreventExitStatus). Anything else (a database still booting)
    // may pass next time: 1, restarted.
    const final = error instanceof MigrationError && !error.transient;
    console.error(
      `start-up failed: ${(error as Error).message}${final ? `. Exit ${MIGRATION_FAILED_EXIT_CODE}, not restarted: fix the database or go back to the previous release (docs/deploy.md, section 10)` : ""}`,
    );
    process.exit(final ? MIGRATION_FAILED_EXIT_CODE : 1);
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info(`${signal} received: finishing requests, then closing the database`);
      const force = setTimeout(() => {
        logger.error("shutdown took longer than 10 s; exiting");
        process.exit(1);
      }, 10_000);
      force.unref();
      running.close().then(
        () => process.exit(0),
        (error) => {
          logger.error({ err: error }, "error during shutdown");
          process.exit(1);
        },
      );
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
