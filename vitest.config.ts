import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testFilesOfKind } from "./test/test-kinds";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Two projects: `unit` (pure tests, no set-up, about a minute: `npm run test:unit`) and `service` (tests
 * that open databases or start the embedded services, servers or processes — see test/test-kinds.ts —
 * with the global set-up that migrates a PGlite template and starts a PostgreSQL server when it can).
 */
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // Next.js guards server modules with `server-only`; outside Next it is a plain no-op.
      "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: testFilesOfKind(root, "unit") } },
      {
        extends: true,
        test: { name: "service", include: testFilesOfKind(root, "service"), globalSetup: ["./test/global-setup.ts"] },
      },
    ],
  },
});
