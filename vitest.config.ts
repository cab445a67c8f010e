import os from "node:os";
import { defineConfig } from "vitest/config";

/*
 * Unit tests sit next to their code. Integration tests run against a real database: PGlite in
 * memory always, and the same files again against PostgreSQL when TEST_DATABASE_URL is set.
 */
const integration = (kind: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${kind}`,
    include: ["tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global-app-build.ts", "tests/setup/global-db.ts"],
    setupFiles: ["tests/setup/vitest-setup.ts"],
    env: { TEST_DB_KIND: kind },
    // Files share their worker's modules instead of importing the app, PGlite and drivers
    // afresh each (2-4 s a file): the PGlite run took 200 s instead of 306 s. Every file still
    // opens its own database and services; a file that mocks a module resets the registry.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Integration files wait on their database as much as they compute: on a 2-core machine
    // two workers finished the PGlite files in 116 s instead of 160 s (Vitest's default
    // there is one).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts"],
          setupFiles: ["tests/setup/vitest-setup.ts"],
          // One module registry per worker, as the integration files (41 s to 12 s here); unit
          // tests keep no state in modules and mock none.
          isolate: false,
        },
      },
      integration("pglite"),
      {
        // Real server processes from the production build (run by test:e2e after building).
        extends: true,
        test: {
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          globalSetup: ["tests/setup/global-data-dir.ts"],
          setupFiles: ["tests/setup/vitest-setup.ts"],
          testTimeout: 120_000,
          fileParallelism: false,
        },
      },
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
