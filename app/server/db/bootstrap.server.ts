import type { Logger } from "pino";
import { seedDemoCatalogue } from "../catalog/demo-catalogue.server.ts";
import { type Env, pgliteDirectory } from "../env.server.ts";
import { seedBusinessDetails } from "../site/business-details.server.ts";
import { seedShowcase } from "../site/showcase.server.ts";
import { createStorage } from "../storage/storage.server.ts";
import { ensureAdminAccount } from "../users/accounts.server.ts";
import { hasAnAdmin } from "../users/admin-access.server.ts";
import { type DatabaseHandle, openDatabase, redactUrl } from "./client.server.ts";
import { migrateDatabase } from "./migrate.server.ts";

export { uploadsDirectory } from "../storage/storage.server.ts";

/** Logged at each start while no account is an admin (README: The first admin). */
export const NO_ADMIN_WARNING =
  "no admin account yet: nobody can sign in to /admin. Set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or run `npm run admin -- create you@example.co.za --admin` (with the embedded database, while the server is stopped)";

/**
 * Opens the configured database, applies migrations, makes the ADMIN_EMAIL account an admin,
 * seeds the demo catalogue into an empty database and warns when no account is an admin. Any
 * failure closes what was opened and throws with a message fit for one line.
 */
export async function bootstrapDatabase(env: Env, logger: Logger): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : pgliteDirectory(env),
  });
  try {
    logger.info(
      `database: ${handle.kind === "postgres" ? redactUrl(env.DATABASE_URL!) : pgliteDirectory(env)}`,
    );
    // Under the migration lock: processes starting together do this one at a time.
    await migrateDatabase(handle, async () => {
      if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
        const admin = await ensureAdminAccount(handle.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
        const outcome = admin.created
          ? "created"
          : admin.passwordChanged
            ? "given the new ADMIN_PASSWORD; its sessions were ended"
            : "unchanged";
        logger.info(`admin account ${env.ADMIN_EMAIL} ${outcome}`);
      }
      // The business details' first values, once: after that the admin's values win.
      if (await seedBusinessDetails(handle.db, env)) {
        logger.info("business details: first values from the content file and the environment");
      }
      // The spec's portfolio and equipment, once: after that the owner's lists win.
      if (await seedShowcase(handle.db)) {
        logger.info("portfolio and equipment: the six of each from the content file");
      }
      if (env.SEED_DEMO && (await seedDemoCatalogue(handle.db, createStorage(env)))) {
        logger.info("seeded the demo catalogue");
      }
      // A newcomer who ran `npm start` alone has a shop nobody can sign in to: say so, and how.
      if (!(await hasAnAdmin(handle.db))) logger.warn(NO_ADMIN_WARNING);
    });
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}
