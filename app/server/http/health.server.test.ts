import { describe, expect, it } from "vitest";
import { PingTimeoutError, pingWithin } from "./health.server.ts";

describe("pingWithin", () => {
  it("resolves when the ping answers in time", async () => {
    await expect(pingWithin(async () => {}, 1000)).resolves.toBeUndefined();
  });

  it("passes the ping's own error on", async () => {
    const refused = new Error("database is not currently accepting connections");
    await expect(
      pingWithin(async () => {
        throw refused;
      }, 1000),
    ).rejects.toBe(refused);
  });

  it("gives up on a ping that never answers", async () => {
    const never = () => new Promise<void>(() => {});
    await expect(pingWithin(never, 20)).rejects.toBeInstanceOf(PingTimeoutError);
  });
});
