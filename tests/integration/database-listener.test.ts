import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { listenForChannel } from "#app/server/db/listen.server.ts";
import { manualTimers } from "#tests/setup/clock.ts";
import { createTestDatabase, TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * The LISTEN connection behind the page cache's and the outbox's wake-ups (decisions 003,
 * 011): when PostgreSQL goes away it is listened on again, with a growing wait rather than
 * postgres.js's ~75 attempts a second, and the caller hears once that it is back.
 */

/**
 * A TCP relay to PostgreSQL that counts the connections made through it, and can cut them
 * all and then either turn new ones away at once (accept, then close: what a proxy or pooler
 * in front of a stopped database does) or pass them on again.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let passing = true;
  let connections = 0;
  const server = net.createServer((client) => {
    connections += 1;
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (!passing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    connections: () => connections,
    cut() {
      passing = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      passing = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.runIf(TEST_DB_KIND === "postgres")("a PostgreSQL listener", () => {
  let handle: DatabaseHandle;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let relayedUrl: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const url = new URL(handle.url!);
    relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    relayedUrl = url.toString();
  }, 60_000);
  afterAll(async () => {
    await relay?.close();
    await handle?.close();
  });

  const notify = (channel: string) => handle.db.execute(sql`select pg_notify(${channel}, '')`);

  it("listens again with a growing wait after the connection is lost, and says it is back", async () => {
    const channel = "listener_test_a";
    let events = 0;
    const lines: string[] = [];
    const log = {
      warn: (_details: object, message: string) => lines.push(message),
      info: (_details: object, message: string) => lines.push(message),
    };
    // The listener's waits run on a clock the test moves (its real growing delays).
    const timers = manualTimers();
    const stop = await listenForChannel(
      { kind: "postgres", url: relayedUrl },
      channel,
      () => {
        events += 1;
      },
      { log, schedule: timers.schedule },
    );
    try {
      await notify(channel);
      await expect.poll(() => events).toBe(1);

      // The database goes away for three seconds: a handful of attempts, not hundreds.
      relay.cut();
      const before = relay.connections();
      // The loss is seen (the first wait is asked for), then three seconds pass.
      await expect.poll(() => timers.delays.length).toBe(1);
      await timers.advance(3000);
      const attempts = relay.connections() - before;
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(attempts).toBeLessThanOrEqual(6);
      expect(lines).toContain("database listener: connection lost; listening again");

      // Back: it listens again within the next wait, and reports that once (what was sent in
      // between is lost), then hears notifications as before.
      relay.restore();
      await timers.advance(10_000);
      await expect.poll(() => events).toBe(2);
      expect(lines).toContain("database listener: listening again");
      await notify(channel);
      await expect.poll(() => events).toBe(3);
    } finally {
      await stop();
    }
    // Stopped: nothing more is heard. A second listener on the channel is the marker: once
    // it has heard the notification, the stopped one would have too.
    let heardByMarker = 0;
    const stopMarker = await listenForChannel(
      { kind: "postgres", url: relayedUrl },
      channel,
      () => {
        heardByMarker += 1;
      },
    );
    try {
      await notify(channel);
      await expect.poll(() => heardByMarker).toBe(1);
      expect(events).toBe(3);
    } finally {
      await stopMarker();
    }
    expect(timers.pending()).toBe(0);
  }, 30_000);

  it("fails at once when it cannot listen at all, leaving nothing behind", async () => {
    relay.cut();
    try {
      const before = relay.connections();
      const started = Date.now();
      const timers = manualTimers();
      await expect(
        listenForChannel({ kind: "postgres", url: relayedUrl }, "listener_test_b", () => {}, {
          schedule: timers.schedule,
        }),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(10_000);
      const attempts = relay.connections() - before;
      // Nothing is left to try again: no wait was asked for, and however long passes, no
      // further connection is made.
      expect(timers.delays).toEqual([]);
      await timers.advance(60_000);
      expect(relay.connections() - before).toBe(attempts);
    } finally {
      relay.restore();
    }
  }, 30_000);
});
