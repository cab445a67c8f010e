import postgres from "postgres";
import type { DatabaseHandle } from "./client.server.ts";

/**
 * Calls `onEvent` whenever a transaction that sent `NOTIFY <channel>` commits (in any process
 * on PostgreSQL; in this process on PGlite), and once more whenever the listening connection
 * (re)connects, since notifications sent while it was down are lost. Returns a function that
 * stops listening.
 */
export async function listenForChannel(
  handle: Pick<DatabaseHandle, "kind" | "url" | "pglite">,
  channel: string,
  onEvent: () => void,
): Promise<() => Promise<void>> {
  if (handle.pglite) return handle.pglite.listen(channel, () => onEvent());
  if (!handle.url) throw new Error("listenForChannel: a PostgreSQL handle without a URL");
  const client = postgres(handle.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  await client.listen(
    channel,
    () => onEvent(),
    () => onEvent(),
  );
  return () => client.end({ timeout: 2 });
}
