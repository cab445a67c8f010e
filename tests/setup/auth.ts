import { faker } from "@faker-js/faker";
import type { AppServices } from "#app/server/context.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { hashPassword } from "#app/server/users/passwords.server.ts";
import { commitSessionCookie, createSession } from "#app/server/users/session.server.ts";
import { adminUsers, users } from "#db/schema/index.ts";

/** A user (optionally an admin) with a known password, straight in the database. */
export async function createTestUser(
  db: Database,
  options: { email?: string; password?: string; admin?: boolean } = {},
) {
  const email = (options.email ?? faker.internet.email()).toLowerCase();
  const password = options.password ?? "correct-horse-1";
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  if (options.admin) await db.insert(adminUsers).values({ id: user!.id });
  return { id: user!.id, email, password };
}

/** A signed-in session for the user, as the Cookie request header a browser would send. */
export async function signedInCookie(services: AppServices, userId: string) {
  const { token } = await createSession(services.db, userId);
  const setCookie = await commitSessionCookie(services.env, token);
  return { cookie: setCookie.split(";")[0]!, token };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}
