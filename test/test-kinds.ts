import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Where Vitest looks for test files (beside the code they test, plus bench/ and test/). */
export const TEST_FILE_GLOBS = ["src/**/*.test.{ts,tsx}", "bench/**/*.test.ts", "test/**/*.test.ts"];
const TEST_FOLDERS = ["src", "bench", "test"];
const TEST_FILE = /\.test\.tsx?$/;

/**
 * What makes a test file a *service* test: it opens a database, starts one of the embedded services or
 * a server of its own, or spawns processes. Such files need the global set-up (a migrated PGlite
 * template, a PostgreSQL server) and take seconds each; the rest are plain unit tests that answer in
 * about a minute together (`npm run test:unit`). A new harness that starts something belongs here.
 */
const SERVICE_MARKERS: readonly RegExp[] = [
  /["']@\/lib\/db(\/[\w/-]+)?["']/, // the app's database (PGlite or PostgreSQL)
  /["'][./\w@-]*(database-targets|postgres-server|s3-server|embedded-app-env|session-cookies)["']/, // test/ helpers that open databases or the app
  /["'][./\w@-]*(test-harness|test-kit|testing|testbed)["']/, // harnesses of the embedded services and the proxy
  /["']@\/embedded\//, // the embedded services themselves
  /["']node:(child_process|http|https|net|cluster|worker_threads)["']/, // servers and processes of its own
  /\bawait import\(["']\.\/route["']\)/, // a route handler wired to the app's database
  /\b(getDatabase|openDatabase)\(/, // the database, however its module was imported
];

/** True when the file's source starts services or databases (see SERVICE_MARKERS). */
export function startsServices(source: string): boolean {
  return SERVICE_MARKERS.some((marker) => marker.test(source));
}

/**
 * What makes a unit test need a fresh module graph: it replaces modules or stubs the environment or
 * globals, which would leak into the next file if modules were shared. The other unit tests share one
 * module graph per worker (`isolate: false`), which takes the unit run from minutes of imports to seconds.
 */
const ISOLATION_MARKERS: readonly RegExp[] = [/\bvi\.(mock|doMock|stubEnv|stubGlobal|resetModules)\(/];

/** True when the file changes modules, the environment or globals for its own run (see ISOLATION_MARKERS). */
export function needsIsolation(source: string): boolean {
  return ISOLATION_MARKERS.some((marker) => marker.test(source));
}

export type TestKind = "unit" | "unit-isolated" | "service" | "service-isolated";

/**
 * The kind of one test file's source: service or unit, each isolated when it changes modules, env or
 * globals for its own run. Service files share a module graph too (test/service-file-setup.ts resets
 * what they leave behind), all but those that replace modules.
 */
export function kindOfTest(source: string): TestKind {
  const isolated = needsIsolation(source);
  if (startsServices(source)) return isolated ? "service-isolated" : "service";
  return isolated ? "unit-isolated" : "unit";
}

/** The test files of one kind, relative to `root`, sorted. */
export function testFilesOfKind(root: string, kind: TestKind): string[] {
  // readdirSync's `recursive` (Node 20.1+) rather than fs.globSync, which Node 20 lacks.
  return TEST_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }).map((file) => path.join(folder, file)),
  )
    .filter((file) => TEST_FILE.test(file) && !file.includes("node_modules"))
    .filter((file) => kindOfTest(readFileSync(path.join(root, file), "utf8")) === kind)
    .sort();
}
