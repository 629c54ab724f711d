import { asc } from "drizzle-orm";
import { appPrices, type AppPrice, type Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { callPrice, DEFAULT_PRICE_RULE, type AppPriceRule, type CallPrice } from "../call-price";

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
