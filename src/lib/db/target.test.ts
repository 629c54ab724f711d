import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveDatabaseTarget } from "./target";

describe("resolveDatabaseTarget", () => {
  it("uses PGlite under DATA_DIR when DATABASE_URL is unset", () => {
    expect(resolveDatabaseTarget({ DATA_DIR: ".data", DATABASE_URL: undefined })).toEqual({
      kind: "pglite",
      dataDir: path.resolve(".data", "pglite"),
    });
  });

  it("uses the PostgreSQL server when DATABASE_URL is set", () => {
    expect(resolveDatabaseTarget({ DATA_DIR: ".data", DATABASE_URL: "postgres://u@db/app" })).toEqual({
      kind: "postgres",
      url: "postgres://u@db/app",
    });
  });
});
