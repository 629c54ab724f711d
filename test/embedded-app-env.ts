import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { vi } from "vitest";

/**
 * Points this test file's app at a throwaway embedded installation: PGlite and the embedded auth and
 * storage in a temp DATA_DIR, no hosted Supabase. Call before importing app modules (env is read
 * once); `overrides` adds or replaces variables. Returns the data dir, for the file to remove.
 */
export function stubEmbeddedAppEnv(name: string, overrides: Record<string, string> = {}): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), `spark-${name}-`));
  const env = { DATA_DIR: dataDir, SITE_URL: "http://localhost:3000", SUPABASE_URL: "", DATABASE_URL: "", ...overrides };
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return dataDir;
}
