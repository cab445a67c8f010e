import { CLI_ACTOR } from "#app/server/audit/audit.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import type { Env } from "#app/server/env.server.ts";
import {
  BUSINESS_SETTING_KEYS,
  loadBusinessDetails,
  saveBusinessDetails,
  withSetting,
} from "#app/server/site/business-details.server.ts";
import type { CliIo } from "./lib/cli-io.ts";

/*
 * `npm run admin -- settings list|set` (decision 042): the business details the owner edits
 * under Settings in the admin, for an operator at the server. A change is checked by the
 * form's rules, audited as the CLI's and announced to every running process, as a save in
 * the admin is.
 */

export const SETTINGS_USAGE = `  settings list     Print the business details (Settings → Business details in the admin).
  settings set <key> <value>
                    Change one of them, e.g. settings set phone "031 464 0192",
                    settings set hours.saturday closed, settings set hours.monday 08:00-17:00.
                    An empty value clears an optional one. Audited as the CLI.`;

export async function runSettingsCommand(
  db: Database,
  args: string[],
  io: CliIo,
  env: Env,
): Promise<number> {
  const [subcommand, key, ...values] = args;
  const details = await loadBusinessDetails(db, env);
  if (subcommand === "list" && args.length === 1) {
    const width = Math.max(...Object.keys(BUSINESS_SETTING_KEYS).map((k) => k.length));
    for (const [name, setting] of Object.entries(BUSINESS_SETTING_KEYS)) {
      io.out(`${name.padEnd(width)}  ${setting.read(details)}`);
    }
    return 0;
  }
  if (subcommand === "set" && key !== undefined && values.length <= 1) {
    const changed = withSetting(details, key, values[0] ?? "");
    if (!changed.ok) {
      io.err(changed.message);
      if (!(key in BUSINESS_SETTING_KEYS)) {
        io.err(`Settings: ${Object.keys(BUSINESS_SETTING_KEYS).join(", ")}`);
      }
      return 1;
    }
    const saved = await saveBusinessDetails(db, env, CLI_ACTOR, changed.details);
    if (saved.changes.length === 0) {
      io.out(`${key} was already ${BUSINESS_SETTING_KEYS[key]!.read(changed.details) || "empty"}.`);
      return 0;
    }
    for (const change of saved.changes) io.out(`${change.field}: ${change.from} → ${change.to}`);
    return 0;
  }
  io.err(`Usage:\n${SETTINGS_USAGE}`);
  return 2;
}
