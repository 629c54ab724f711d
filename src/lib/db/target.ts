import path from "node:path";
import { getEnv, type Env } from "@/lib/env";
import type { DatabaseTarget } from "./types";

/** The database this process uses: the server in DATABASE_URL, otherwise PGlite under DATA_DIR. */
export function resolveDatabaseTarget(env: Pick<Env, "DATA_DIR" | "DATABASE_URL"> = getEnv()): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  return { kind: "pglite", dataDir: path.resolve(env.DATA_DIR, "pglite") };
}
