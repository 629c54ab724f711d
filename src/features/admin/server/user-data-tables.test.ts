import { getTableColumns, getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ERASED_USER_TABLES, KEPT_USER_TABLES } from "./user-data-tables";

/** The product's tables (public schema) with a column naming a user: `user_id` or `…_user_id`. */
function tablesNamingUsers(): string[] {
  return Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .filter((table) => getTableConfig(table).schema === undefined)
    .filter((table) => Object.values(getTableColumns(table)).some((column) => /(^|_)user_id$/.test(column.name)))
    .map((table) => getTableName(table))
    .sort();
}

describe("a deleted user's data", () => {
  it("is erased from every table naming the user, except those kept on purpose with a reason", () => {
    const erased = new Set<string>(ERASED_USER_TABLES.map((table) => getTableName(table)));
    const forgotten = tablesNamingUsers().filter((name) => !erased.has(name) && !(name in KEPT_USER_TABLES));
    expect(forgotten).toEqual([]);
  });

  it("keeps no table it also erases, and names only tables that exist", () => {
    const all = new Set(tablesNamingUsers());
    const erased: string[] = ERASED_USER_TABLES.map((table) => getTableName(table));
    expect(erased.filter((name) => name in KEPT_USER_TABLES)).toEqual([]);
    expect(Object.keys(KEPT_USER_TABLES).filter((name) => !all.has(name))).toEqual([]);
  });
});
