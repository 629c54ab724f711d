import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../../test/database-targets";
import { observeDatabaseQueries } from "@/lib/db/query-timing";
import { loadComplianceSettings, resetComplianceSettingsCache, saveComplianceSettings } from "./site-settings";

const OPERATOR = "00000000-0000-4000-8000-00000000c0de";

describe("the compliance settings in force", () => {
  const database = useTestDatabase("pglite");
  afterEach(() => resetComplianceSettingsCache());

  /** Statements the database ran while `work` did (outside transactions: every read here). */
  async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
    let statements = 0;
    const stop = observeDatabaseQueries(() => (statements += 1));
    try {
      await work();
    } finally {
      stop();
    }
    return statements;
  }

  it("reads the database once for a burst of callers (twenty chats asking at the same moment)", async () => {
    const statements = await statementsDuring(() => Promise.all(Array.from({ length: 20 }, () => loadComplianceSettings(database.db))));
    expect(statements).toBe(1);
    // Within the cache's few seconds, no read at all.
    expect(await statementsDuring(() => loadComplianceSettings(database.db))).toBe(0);
  });

  it("shows a saved change at once in this process", async () => {
    const before = await loadComplianceSettings(database.db);
    const saved = await saveComplianceSettings(database.db, { requirePhoneForAi: !before.requirePhoneForAi }, OPERATOR);
    expect(saved.requirePhoneForAi).toBe(!before.requirePhoneForAi);
    await expect(loadComplianceSettings(database.db)).resolves.toMatchObject({ requirePhoneForAi: !before.requirePhoneForAi });
  });
});
