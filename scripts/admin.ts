import fs from "node:fs";
import { openDatabase } from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";
import { loadEnv, pgliteDirectory } from "#app/server/env.server.ts";
import { BACKUP_COMMANDS, runBackupCommand } from "./admin-backup.ts";
import { answerWithoutDatabase, type CliIo, runAdminCli } from "./admin-cli.ts";

/*
 * The admin CLI: `npm run admin -- create|grant|revoke|list …` (README "The first admin"),
 * `migrations status`, and `backup|restore|copy-to|verify` (scripts/admin-backup.ts).
 * It opens the configured database (DATABASE_URL, or the PGlite files in DATA_DIR; reads
 * ./.env like `npm start`), applies pending migrations (not for `migrations status`, which
 * reports them), runs one command and closes it.
 * With PGlite, stop the server first: the embedded database serves one process at a time.
 */

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new Error("Cancelled."));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  // One trailing newline (echo, a file) is not part of the password.
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

const io: CliIo = {
  async readPassword({ fromStdin }) {
    if (fromStdin) return readStdin();
    if (!process.stdin.isTTY) {
      throw new Error("No terminal to ask for the password: pass it with --password-stdin.");
    }
    const first = await promptHidden("Password: ");
    const second = await promptHidden("Repeat password: ");
    if (first !== second) throw new Error("Passwords do not match");
    return first;
  },
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const argv = process.argv.slice(2);
  // Backups open the database (or two) their own way; `verify` opens none.
  if (BACKUP_COMMANDS.has(argv[0] ?? "")) return runBackupCommand(argv, () => loadEnv(), io);
  const answered = answerWithoutDatabase(argv, io);
  if (answered !== undefined) return answered;
  const env = loadEnv();
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : pgliteDirectory(env),
  });
  try {
    // `migrations status` reads what the next start would do: nothing is migrated before it.
    if (argv[0] !== "migrations") await migrateDatabase(handle);
    return await runAdminCli(handle.db, argv, io, { env });
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`admin: ${error.message}\n`);
    process.exit(1);
  },
);
