import { asc, eq } from "drizzle-orm";
import { appPrices, type AppPrice, type Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { callPrice, DEFAULT_PRICE_RULE, describePrice, type AppPriceRule, type CallPrice } from "../call-price";

/** How long a process keeps the price list: another process's change is seen within this. */
const PRICES_TTL_MS = 30_000;

const cached = new WeakMap<Database, { at: number; prices: Promise<Map<string, AppPriceRule>> }>();

function ruleOf(row: AppPrice): AppPriceRule {
  return { mode: row.mode, multiplierPermille: row.multiplierPermille, inputFenPerMillion: row.inputFenPerMillion, outputFenPerMillion: row.outputFenPerMillion, callFen: row.callFen };
}

/** Every app's price rule the operator set (absent apps cost the base price ×1). */
export async function listAppPriceRules(db: Database): Promise<Map<string, AppPriceRule>> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < PRICES_TTL_MS) return hit.prices;
  const prices = db
    .select()
    .from(appPrices)
    .orderBy(asc(appPrices.appid))
    .then((rows) => new Map(rows.map((row) => [row.appid, ruleOf(row)])));
  cached.set(db, { at: Date.now(), prices });
  prices.catch(() => cached.delete(db));
  return prices;
}

/** The price a call of `appid` pays from the balance (the base price from PAYG_TOKEN_PRICE_FEN_PER_MILLION). */
export async function appCallPrice(db: Database, appid: string): Promise<CallPrice> {
  const rule = (await listAppPriceRules(db)).get(appid) ?? DEFAULT_PRICE_RULE;
  return callPrice(rule, getEnv().PAYG_TOKEN_PRICE_FEN_PER_MILLION);
}

/** An operator changed a price: this process reads the list again at once. */
export function forgetAppPrices(db: Database): void {
  cached.delete(db);
}

/** The operator's price of one app (the console, audited there); replaces any earlier one. */
export async function saveAppPrice(db: Database, appid: string, rule: AppPriceRule, now = new Date()): Promise<void> {
  const values = { ...rule, updatedAt: now };
  await db.insert(appPrices).values({ appid, ...values }).onConflictDoUpdate({ target: appPrices.appid, set: values });
  forgetAppPrices(db);
}

/** Back to the base price ×1; answers whether the app had a price of its own. */
export async function deleteAppPrice(db: Database, appid: string): Promise<boolean> {
  const deleted = await db.delete(appPrices).where(eq(appPrices.appid, appid)).returning({ appid: appPrices.appid });
  forgetAppPrices(db);
  return deleted.length > 0;
}

/** Each app's price as the price list and the console show it (apps without one: the base price ×1). */
export async function describeAppPrices<App extends { appid: string }>(db: Database, apps: readonly App[]): Promise<(App & { price: string; custom: AppPriceRule | null })[]> {
  const rules = await listAppPriceRules(db);
  const base = getEnv().PAYG_TOKEN_PRICE_FEN_PER_MILLION;
  return apps.map((app) => {
    const rule = rules.get(app.appid) ?? null;
    return { ...app, price: describePrice(callPrice(rule ?? DEFAULT_PRICE_RULE, base)), custom: rule };
  });
}
