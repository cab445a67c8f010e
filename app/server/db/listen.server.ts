import net from "node:net";
import postgres from "postgres";
import { withinDeadline } from "#app/lib/deadline.ts";
import { type DatabaseHandle, POSTGRES_CLIENT_OPTIONS } from "./client.server.ts";

/** What a listener reports about its connection (the server passes its logger's methods). */
export interface ListenerLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ListenOptions {
  log?: ListenerLog;
  /** Wait before the n-th attempt in a row to listen again (n from 1). */
  retryDelayMs?: (attempt: number) => number;
  /**
   * Runs `retry` once `delayMs` have passed; returns what cancels it. By default a real,
   * unref'd timer; tests pass a clock they move on themselves (docs/testing.md "Time in
   * tests"), so that counting attempts over seconds takes no seconds.
   */
  schedule?: (retry: () => Promise<void>, delayMs: number) => () => void;
}

/** A real timer that does not keep the process alive. */
function scheduleWithTimer(retry: () => Promise<void>, delayMs: number): () => void {
  const timer = setTimeout(retry, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * After a lost connection: 0.25 s, then twice as long each time up to 10 s, give or take a
 * fifth so that several processes do not knock together.
 */
export function listenRetryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(250 * 2 ** (attempt - 1), 10_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** How long one attempt to connect and LISTEN may take before it counts as failed. */
const ATTEMPT_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** What postgres.js passes a custom socket function: its parsed connection options. */
interface SocketTarget {
  host: string[];
  port: number[];
  /** A Unix socket's path, when the URL names a directory as host. */
  path?: string | false;
}

/** A connected TCP (or Unix) socket to the database's first host, as postgres.js opens it. */
function openSocket(target: SocketTarget): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = target.path
      ? net.connect(target.path)
      : net.connect(target.port[0] ?? 5432, target.host[0] ?? "localhost");
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(CONNECT_TIMEOUT_MS, () =>
      fail(new Error(`no connection within ${CONNECT_TIMEOUT_MS} ms`)),
    );
    socket.once("error", fail);
    socket.once("connect", () => {
      socket.setTimeout(0);
      socket.off("error", fail);
      resolve(socket);
    });
  });
}

/**
 * Calls `onEvent` whenever a transaction that sent `NOTIFY <channel>` commits (in any process
 * on PostgreSQL; in this process on PGlite), and once more whenever the listening connection
 * is back after a loss, since notifications sent while it was down are lost. Returns a
 * function that stops listening.
 *
 * The first LISTEN must succeed (start-up fails otherwise). A lost connection is listened on
 * again with a growing wait (`listenRetryDelayMs`). postgres.js's own `listen()` tries again
 * about every 10 ms while the database refuses connections (some 75 attempts a second per
 * channel, each a forked backend and a FATAL line in PostgreSQL's log), and, when something
 * in front of the database closes connections as they start, in a loop of hundreds a second
 * whose query never fails (porsager/postgres#1193). So each attempt here is a new client with
 * one socket and a deadline, ended when it fails.
 */
export async function listenForChannel(
  handle: Pick<DatabaseHandle, "kind" | "url" | "pglite">,
  channel: string,
  onEvent: () => void,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  if (handle.pglite) return handle.pglite.listen(channel, () => onEvent());
  if (!handle.url) throw new Error("listenForChannel: a PostgreSQL handle without a URL");
  const url: string = handle.url;
  const retryDelayMs = options.retryDelayMs ?? listenRetryDelayMs;
  const schedule = options.schedule ?? scheduleWithTimer;
  const log = options.log;

  let stopped = false;
  let client: postgres.Sql | undefined;
  let cancelRetry: (() => void) | undefined;
  let failures = 0;

  /** One client, one connection, one LISTEN; resolves once it listens, or throws (ended). */
  async function connectAndListen(): Promise<void> {
    let lost = false;
    let sockets = 0;
    const attempt = postgres(url, {
      // One socket per attempt. Closed by the other end while starting (a proxy or pooler
      // with no database behind it), postgres.js would open the next one at once, in a loop
      // of hundreds a second; a second socket asked for is refused, which fails the attempt.
      socket: (target: SocketTarget) => {
        sockets += 1;
        if (sockets > 1) throw new Error("the connection closed while it was starting");
        return openSocket(target);
      },
      ...POSTGRES_CLIENT_OPTIONS,
      max: 1,
      connect_timeout: 10,
      // Kept open for as long as it listens: no idle or lifetime recycling.
      idle_timeout: 0,
      max_lifetime: null,
      // The option postgres.js's own listen() is built on (like `socket`, not in its types).
      onnotify: (name: string) => {
        if (name === channel) onEvent();
      },
      onclose: () => {
        lost = true;
        if (client === attempt) connectionLost();
      },
    } as postgres.Options<Record<string, never>>);
    try {
      await withinDeadline(
        attempt.unsafe(`listen "${channel.replaceAll('"', '""')}"`),
        ATTEMPT_TIMEOUT_MS,
        () => new Error(`LISTEN took longer than ${ATTEMPT_TIMEOUT_MS} ms`),
      );
      if (lost) throw new Error("the connection closed as it started listening");
    } catch (error) {
      await attempt.end({ timeout: 0 }).catch(() => {});
      throw error;
    }
    if (stopped) {
      await attempt.end({ timeout: 0 }).catch(() => {});
      return;
    }
    client = attempt;
  }

  function connectionLost() {
    const lostClient = client;
    client = undefined;
    void lostClient?.end({ timeout: 0 }).catch(() => {});
    if (stopped) return;
    log?.warn({ channel }, "database listener: connection lost; listening again");
    scheduleRetry();
  }

  function scheduleRetry() {
    if (stopped || cancelRetry) return;
    failures += 1;
    cancelRetry = schedule(retry, retryDelayMs(failures));
  }

  async function retry() {
    cancelRetry = undefined;
    if (stopped) return;
    try {
      await connectAndListen();
    } catch (error) {
      if (failures === 1 || failures % 10 === 0) {
        log?.warn(
          { channel, attempts: failures, error: (error as Error).message },
          "database listener: cannot listen yet; trying again",
        );
      }
      scheduleRetry();
      return;
    }
    if (stopped) return;
    log?.info({ channel, attempts: failures }, "database listener: listening again");
    failures = 0;
    onEvent();
  }

  await connectAndListen();
  return async () => {
    stopped = true;
    cancelRetry?.();
    const open = client;
    client = undefined;
    await open?.end({ timeout: 2 });
  };
}
