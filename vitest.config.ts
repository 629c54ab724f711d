import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testFilesOfKind } from "./test/test-kinds";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Three projects (see test/test-kinds.ts): `unit`, pure tests sharing one module graph per worker (no
 * isolation: importing React, zod and friends once instead of per file is most of a unit run's time);
 * `unit-isolated`, pure tests that replace modules or stub env / globals and so need a fresh graph
 * (`npm run test:unit` runs both, in seconds); `service`, tests that open databases or start the
 * embedded services, servers or processes, with the global set-up that migrates a PGlite template and
 * starts a PostgreSQL server when it can, sharing loaded packages per worker (test/service-file-setup.ts
 * resets the rest between files); `service-isolated`, those of them that replace modules; and
 * `service-s3`, the embedded storage's suites on its S3 backend.
 */
const serviceFiles = [...testFilesOfKind(root, "service"), ...testFilesOfKind(root, "service-isolated")];
const serviceProject = {
  globalSetup: ["./test/global-setup.ts"],
  // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine, idle
  // while its tests wait on sockets, databases and child processes. Two keep both cores busy.
  maxWorkers: 2,
  // Projects with their own worker count run as their own group (after the unit projects).
  sequence: { groupOrder: 1 },
};
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
      { extends: true, test: { name: "unit", include: testFilesOfKind(root, "unit"), isolate: false } },
      { extends: true, test: { name: "unit-isolated", include: testFilesOfKind(root, "unit-isolated") } },
      {
        extends: true,
        test: { name: "service", include: testFilesOfKind(root, "service"), isolate: false, setupFiles: ["./test/service-file-setup.ts"], ...serviceProject },
      },
      { extends: true, test: { name: "service-isolated", include: testFilesOfKind(root, "service-isolated"), ...serviceProject } },
      {
        // The embedded storage's suites again, with object bytes in a local S3-compatible server
        // (src/embedded/storage/test-kit.ts) instead of on disk. The browser suite only tests headers.
        extends: true,
        test: {
          name: "service-s3",
          include: serviceFiles.filter((file) => /^src\/embedded\/storage\/[^/]+\.test\.ts$/.test(file) && !file.endsWith(".browser.test.ts")),
          env: { STORAGE_TEST_BACKEND: "s3" },
          isolate: false,
          setupFiles: ["./test/service-file-setup.ts"],
          ...serviceProject,
        },
      },
    ],
  },
});
