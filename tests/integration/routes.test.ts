import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = await createTestApp(createTestServices(handle));
}, 120_000);
afterAll(() => handle.close());

describe("route handler", () => {
  it("renders a public page with its canonical link from PUBLIC_URL", async () => {
    const response = await app.request("/digital");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/digital"/>');
    expect(body).toContain('<html lang="en-ZA">');
  });

  it("answers an unknown path with the 404 page", async () => {
    const response = await app.request("/definitely/not/here");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});
