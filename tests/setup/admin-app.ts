import { createTestApp } from "./app.ts";
import { createTestUser, signedInCookie } from "./auth.ts";
import { createTestServices } from "./services.ts";
import { createTestDatabase } from "./test-db.ts";

/**
 * What most integration files start from (docs/testing.md): a fresh test database, the
 * services over it, the app's real route handler, and an admin signed in (`cookie`, the
 * Cookie header a browser would send). `env`: settings beside the test defaults.
 */
export async function createAdminApp(
  options: { email?: string; env?: Record<string, string> } = {},
) {
  const handle = await createTestDatabase();
  const services = createTestServices(handle, options.env);
  const app = await createTestApp(services);
  const admin = await createTestUser(services.db, { admin: true, email: options.email });
  const { cookie } = await signedInCookie(services, admin.id);
  return { handle, db: handle.db, services, app, admin, cookie };
}
