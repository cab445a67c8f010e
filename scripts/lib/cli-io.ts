/*
 * What the admin CLI's commands read from and write to: the terminal in scripts/admin.ts, a
 * recorder in the tests. Its own module so that scripts/admin-cli.ts (the account commands,
 * whose usage lists the backup commands) and scripts/admin-backup.ts (which answers through
 * it) need not import each other.
 */
export interface CliIo {
  /** Reads the new password: twice from a terminal (they must match), or from stdin. */
  readPassword(options: { fromStdin: boolean }): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}
