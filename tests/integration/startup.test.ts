import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SERVER_COMMAND } from "#tests/setup/commands.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { TEST_DB_KIND } from "#tests/setup/test-db.ts";

/** Start-up with a wrong setting stops with one line that names the problem, no stack. */
function startServer(env: Record<string, string>) {
  const result = spawnSync(process.execPath, SERVER_COMMAND, {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: createTempDataDir(), ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  const stderr = result.stderr
    .split("\n")
    .filter((line) => line.trim() && !line.includes("npm warn"));
  return { status: result.status, stderr };
}

describe.runIf(TEST_DB_KIND === "pglite")("start-up failures", () => {
  it("refuses PORT=abc naming the variable", () => {
    const { status, stderr } = startServer({ PORT: "abc" });
    expect(status).toBe(1);
    expect(stderr).toEqual([
      'start-up failed: invalid configuration: PORT must be a port number (got "abc")',
    ]);
  });

  it("refuses TRUST_PROXY=true, saying why and what to set instead", () => {
    const { status, stderr } = startServer({ TRUST_PROXY: "true" });
    expect(status).toBe(1);
    expect(stderr).toEqual([
      'start-up failed: invalid configuration: TRUST_PROXY must not be true: that believes the left-most X-Forwarded-For address, which any client can write; set the number of proxies in front of the app (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8) (got "true")',
    ]);
  });

  it("refuses a database it cannot reach, naming it without the password", () => {
    const { status, stderr } = startServer({
      DATABASE_URL: "postgres://app:s3cret@127.0.0.1:1/shop",
    });
    expect(status).toBe(1);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(
      /^start-up failed: cannot connect to PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/shop/,
    );
    expect(stderr[0]).not.toContain("s3cret");
  });
});
