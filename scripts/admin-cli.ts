import { z } from "zod";
import { EMAIL_MESSAGE, PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH } from "#app/lib/validation/users.ts";
import { CLI_ACTOR } from "#app/server/audit/audit.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { migrationStatus } from "#app/server/db/migrate.server.ts";
import type { Env } from "#app/server/env.server.ts";
import { BusinessDetailsCache } from "#app/server/site/business-details.server.ts";
import {
  findUserByEmail,
  normalizeEmail,
  registerUser,
} from "#app/server/users/accounts.server.ts";
import {
  accessChangeError,
  grantAdmin,
  listUsers,
  revokeAdmin,
} from "#app/server/users/admin-access.server.ts";
import { issueResetLink } from "#app/server/users/password-reset.server.ts";
import { removeTwoStep } from "#app/server/users/two-step.server.ts";
import { BACKUP_USAGE } from "./admin-backup.ts";
import { runSettingsCommand, SETTINGS_USAGE } from "./admin-settings.ts";
import type { CliIo } from "./lib/cli-io.ts";

/*
 * The admin CLI's commands, separate from process concerns (scripts/admin.ts opens the
 * database and the terminal) so tests run them against a test database.
 */

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  create <email> [--admin] [--password-stdin]
                    Create an account. Asks for the password twice, or reads it from
                    standard input with --password-stdin. --admin also grants admin access.
  grant <email>     Make the account an admin.
  revoke <email>    Remove admin access (refused for the last admin).
  list              List accounts and their access.
  reset-password <email>
                    Print a one-time link (30 minutes) to set a new password, built from
                    PUBLIC_URL, to hand to the account's owner. Audited as the CLI.
  disable-2fa <email>
                    Turn off two-step sign-in of the account (a lost phone and no recovery
                    code). Audited as the CLI and e-mailed to the account.
  migrations status What the next start would do to the database: the migrations this
                    release would apply, changing nothing. Run it from a new release before
                    switching to it (docs/deploy.md, section 10).
${SETTINGS_USAGE}
${BACKUP_USAGE}`;

export type { CliIo };

const EmailSchema = z
  .string()
  .trim()
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .transform(normalizeEmail);

/** The commands that work on accounts (the backup commands are scripts/admin-backup.ts's). */
const ACCOUNT_COMMANDS = new Set([
  "create",
  "grant",
  "revoke",
  "list",
  "reset-password",
  "disable-2fa",
]);

/** What the commands that build links or e-mails need beside the database. */
export interface CliServices {
  env: Env;
  clock?: () => Date;
}

/**
 * The usage, for no command, `help` or one it does not know: answered before any database is
 * opened, so it works while the server holds the embedded database and creates nothing.
 * Undefined for an account command.
 */
export function answerWithoutDatabase(argv: string[], io: CliIo): number | undefined {
  const [command] = argv;
  if (
    command !== undefined &&
    (ACCOUNT_COMMANDS.has(command) || command === "migrations" || command === "settings")
  )
    return undefined;
  if (command === undefined || command === "help" || command === "--help") {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  io.err(`Unknown command "${command}"\n\n${USAGE}`);
  return 2;
}

export async function runAdminCli(
  db: Database,
  argv: string[],
  io: CliIo,
  services?: CliServices,
): Promise<number> {
  const answered = answerWithoutDatabase(argv, io);
  if (answered !== undefined) return answered;
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith("--")));
  const [emailArg] = rest.filter((a) => !a.startsWith("--"));

  const needEmail = () => {
    const parsed = EmailSchema.safeParse(emailArg ?? "");
    if (!parsed.success) {
      io.err(emailArg ? `${EMAIL_MESSAGE}: ${emailArg}` : `${command} needs an e-mail address`);
      return null;
    }
    return parsed.data;
  };

  switch (command) {
    case "migrations":
      return runMigrationsCommand(db, rest, io);
    case "settings":
      if (!services) throw new Error("settings needs the configuration");
      return runSettingsCommand(db, rest, io, services.env);
    case "create": {
      const unknown = [...flags].filter((f) => !["--admin", "--password-stdin"].includes(f));
      if (unknown.length) {
        io.err(`Unknown option ${unknown[0]}\n\n${USAGE}`);
        return 2;
      }
      const email = needEmail();
      if (!email) return 2;
      if (await findUserByEmail(db, email)) {
        io.err(`An account for ${email} already exists.`);
        return 1;
      }
      let password: string;
      try {
        password = await io.readPassword({ fromStdin: flags.has("--password-stdin") });
      } catch (error) {
        io.err((error as Error).message);
        return 1;
      }
      if (password.length < PASSWORD_MIN_LENGTH) {
        io.err(PASSWORD_MESSAGE);
        return 1;
      }
      const created = await registerUser(db, email, password);
      if (!created.created || !created.id) {
        io.err(`An account for ${email} already exists.`);
        return 1;
      }
      io.out(`Created ${email}.`);
      if (flags.has("--admin"))
        return report(await grantAdmin(db, created.id, CLI_ACTOR), "grant", email, io);
      return 0;
    }
    case "grant":
    case "revoke": {
      const email = needEmail();
      if (!email) return 2;
      const user = await findUserByEmail(db, email);
      if (!user) {
        io.err(`No account for ${email}. Create it first: npm run admin -- create ${email}`);
        return 1;
      }
      const result =
        command === "grant"
          ? await grantAdmin(db, user.id, CLI_ACTOR)
          : await revokeAdmin(db, user.id, CLI_ACTOR);
      return report(result, command, email, io);
    }
    case "reset-password":
    case "disable-2fa": {
      const email = needEmail();
      if (!email) return 2;
      if (!services) throw new Error(`${command} needs the configuration`);
      const appServices = {
        db,
        env: services.env,
        clock: services.clock ?? (() => new Date()),
        business: new BusinessDetailsCache(db, services.env),
      };
      const user = await findUserByEmail(db, email);
      if (!user) {
        io.err(`No account for ${email}.`);
        return 1;
      }
      if (command === "reset-password") {
        const link = await issueResetLink(appServices, { email, actor: CLI_ACTOR });
        io.out(`A one-time link to set a new password for ${email} (valid 30 minutes):`);
        io.out(link!);
        return 0;
      }
      // docs/product.md §3.15: for an owner who lost the phone and the recovery codes.
      const removed = await removeTwoStep(appServices, {
        userId: user.id,
        actor: CLI_ACTOR,
        event: "off-by-operator",
        clientAddress: "the server's command line",
      });
      if (!removed) {
        io.err(`Two-step sign-in is not on for ${email}.`);
        return 1;
      }
      io.out(`Two-step sign-in is off for ${email}; they sign in with their password only.`);
      return 0;
    }
    case "list": {
      const { users } = await listUsers(db, { limit: null });
      if (users.length === 0) {
        io.out("No users found.");
        return 0;
      }
      const width = Math.max(5, ...users.map((u) => u.email.length));
      io.out(`${"EMAIL".padEnd(width)}  ACCESS`);
      for (const user of users) {
        io.out(`${user.email.padEnd(width)}  ${user.isAdmin ? "Admin" : "Regular User"}`);
      }
      return 0;
    }
    default:
      // Every other command was answered by answerWithoutDatabase.
      throw new Error(`unhandled account command ${command}`);
  }
}

function report(
  result: { ok: true } | { ok: false; reason: string },
  intent: "grant" | "revoke",
  email: string,
  io: CliIo,
) {
  if (result.ok) {
    io.out(intent === "grant" ? `${email} is now an admin.` : `${email} is no longer an admin.`);
    return 0;
  }
  io.err(accessChangeError(intent, result.reason));
  return 1;
}

/**
 * `migrations status`: what the next start of this release would apply, read without changing
 * the database (scripts/admin.ts does not migrate before it). Exit 1 when the database was
 * migrated by a release newer than this one, which this release cannot run on.
 */
async function runMigrationsCommand(
  db: Database,
  args: string[],
  io: CliIo,
  options: { migrationsFolder?: string } = {},
): Promise<number> {
  if (args.length !== 1 || args[0] !== "status") {
    io.err(`Usage: npm run admin -- migrations status\n\n${USAGE}`);
    return 2;
  }
  const status = await migrationStatus(db, options);
  io.out(`Recorded in the database: ${status.applied} migration(s).`);
  for (const tag of status.repairs) {
    io.out(
      `To repair: ${tag} is recorded in the text it had before it was rewritten; the next start adds what the rewrite added (decision 029).`,
    );
  }
  if (status.unknown.length > 0) {
    io.err(
      `The database has ${status.unknown.length} migration(s) this release does not have: a newer release migrated it. Run that release, or restore the backup taken before its upgrade (docs/deploy.md, section 10).`,
    );
    return 1;
  }
  if (status.pending.length === 0) {
    io.out("Up to date: the next start applies no migration.");
    return 0;
  }
  io.out(
    `Pending: the next start applies ${status.pending.length} migration(s), in one transaction (all or none):`,
  );
  for (const migration of status.pending) {
    io.out(`  ${migration.tag}  (generated ${new Date(migration.when).toISOString()})`);
  }
  return 0;
}
