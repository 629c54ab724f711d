import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../test/database-targets";
import { migrateDatabase } from "./migrate";
import { openDatabase } from "./open";
import { profiles } from "./schema";
import type { Database, DatabaseHandle } from "./types";

async function countAppliedMigrations(db: Database): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return result.rows[0]?.count ?? 0;
}

describe.each(testTargetKinds())("openDatabase on %s", (kind) => {
  let testDatabase: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    await testDatabase?.dispose();
    handle = undefined;
    testDatabase = undefined;
  });

  async function open(): Promise<DatabaseHandle> {
    testDatabase = await createTestDatabase(kind);
    handle = await openDatabase(testDatabase.target);
    return handle;
  }

  it("applies the migrations: profiles can be written and read", async () => {
    const { db, driver } = await open();
    expect(driver).toBe(kind);
    const id = "11111111-1111-4111-8111-111111111111";
    const [inserted] = await db.insert(profiles).values({ id, displayName: "小红" }).returning();
    expect(inserted).toMatchObject({ id, displayName: "小红", avatarUrl: null });
    expect(inserted?.createdAt).toBeInstanceOf(Date);

    const rows = await db.select().from(profiles);
    expect(rows).toEqual([inserted]);

    const schemas = await db.execute(
      sql`select nspname from pg_namespace where nspname in ('auth', 'storage') order by nspname`,
    );
    expect(schemas.rows).toEqual([{ nspname: "auth" }, { nspname: "storage" }]);
  });

  it("treats applying the migrations again as a no-op", async () => {
    const current = await open();
    const applied = await countAppliedMigrations(current.db);
    expect(applied).toBeGreaterThan(0);
    await current.db.insert(profiles).values({ id: "22222222-2222-4222-8222-222222222222" });

    await migrateDatabase(current);
    await migrateDatabase(current);
    expect(await countAppliedMigrations(current.db)).toBe(applied);
    expect(await current.db.select().from(profiles)).toHaveLength(1);
  });

  it("explains a missing migrations folder in Chinese and closes what it opened", async () => {
    testDatabase = await createTestDatabase(kind);
    await expect(openDatabase(testDatabase.target, { migrationsFolder: "/nonexistent/drizzle" })).rejects.toThrow(
      /找不到数据库迁移文件 \/nonexistent\/drizzle/,
    );
  });
});
