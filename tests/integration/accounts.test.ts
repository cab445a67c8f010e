import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  authenticate,
  changePassword,
  findUserByEmail,
  registerUser,
} from "#app/server/users/accounts.server.ts";
import * as passwords from "#app/server/users/passwords.server.ts";
import { createSession, getSessionUser } from "#app/server/users/session.server.ts";
import { createTestUser } from "#tests/setup/auth.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Accounts: Create Account does the same argon2 work whether or not the e-mail
 * has an account; a password change ends the user's other sessions.
 */

// The real hash function, watched: the test counts calls, the hashing is unchanged. Integration
// files share their worker's modules (vitest.config.ts): start this file from a clean registry
// so the accounts module imports the watched function, not one cached by an earlier file.
vi.hoisted(() => vi.resetModules());
vi.mock("#app/server/users/passwords.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
}, 120_000);
afterAll(() => handle.close());
beforeEach(() => {
  vi.mocked(passwords.hashPassword).mockClear();
});

describe("Create Account", () => {
  it("hashes the password for a new e-mail and for one that already has an account", async () => {
    const created = await registerUser(handle.db, "first@example.co.za", "first-password");
    expect(created.created).toBe(true);
    expect(passwords.hashPassword).toHaveBeenCalledTimes(1);
    expect(passwords.hashPassword).toHaveBeenCalledWith("first-password");

    vi.mocked(passwords.hashPassword).mockClear();
    const existing = await findUserByEmail(handle.db, "first@example.co.za");
    const again = await registerUser(handle.db, "FIRST@example.co.za", "another-password");
    expect(again).toEqual({ created: false });
    expect(passwords.hashPassword).toHaveBeenCalledTimes(1);
    expect(passwords.hashPassword).toHaveBeenCalledWith("another-password");
    // The existing account is untouched.
    expect(await findUserByEmail(handle.db, "first@example.co.za")).toEqual(existing);
  });
});

describe("changing a password", () => {
  it("ends every session of the user, or all but the one kept", async () => {
    const user = await createTestUser(handle.db, { password: "old-password-1", admin: true });
    const other = await createTestUser(handle.db, { admin: true });
    const [laptop, phone, current] = await Promise.all(
      [1, 2, 3].map(() => createSession(handle.db, user.id)),
    );
    const bystander = await createSession(handle.db, other.id);
    const currentUser = await getSessionUser(handle.db, current!.token);

    await changePassword(handle.db, user.id, "new-password-2", {
      keepSessionId: currentUser!.sessionId,
    });
    expect(await getSessionUser(handle.db, laptop!.token)).toBeNull();
    expect(await getSessionUser(handle.db, phone!.token)).toBeNull();
    expect(await getSessionUser(handle.db, current!.token)).toMatchObject({ userId: user.id });
    expect(await getSessionUser(handle.db, bystander.token)).toMatchObject({ userId: other.id });
    expect(await authenticate(handle.db, user.email, "new-password-2")).toMatchObject({ ok: true });
    expect(await authenticate(handle.db, user.email, "old-password-1")).toEqual({ ok: false });

    await changePassword(handle.db, user.id, "newer-password-3");
    expect(await getSessionUser(handle.db, current!.token)).toBeNull();
    expect(await getSessionUser(handle.db, bystander.token)).toMatchObject({ userId: other.id });
  });
});
