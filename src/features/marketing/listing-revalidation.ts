import "server-only";
import { revalidatePath } from "next/cache";
import { clusterEventsFor } from "@/lib/db/cluster-events";
import type { Database } from "@/lib/db";

/** The prerendered pages that list the console's apps, plans or prices (the API docs show the price list). */
export const LISTING_PAGES = ["/", "/ai", "/pricing", "/docs/api/openai", "/sitemap.xml"] as const;

/** Path of the route through which this process asks itself to revalidate (see below). */
export const LISTINGS_REVALIDATION_PATH = "/api/internal/listings-revalidation";
/** Header carrying this process's own token on that request. */
export const LISTINGS_REVALIDATION_HEADER = "x-spark-listings-revalidation";

/**
 * After the console saved a change to the apps or plans: the listing pages are regenerated on their
 * next request, so the change shows within seconds, without a rebuild. Runs inside a request (Next.js's
 * revalidation belongs to one).
 */
export function revalidateListings(): void {
  try {
    for (const page of LISTING_PAGES) revalidatePath(page);
  } catch (error) {
    // Outside a request (scripts, unit tests) no prerendered page is served by this process: nothing to do.
    if (!(error instanceof Error && error.message.includes("static generation store missing"))) throw error;
  }
}

/**
 * After a change every page shows (the filings at the foot of each page, 站点设置): every prerendered
 * page is regenerated on its next request. Also what a process does once it listens, so pages built with
 * the environment's values pick up the console's.
 */
export function revalidateSiteWide(): void {
  try {
    revalidatePath("/", "layout");
  } catch (error) {
    if (!(error instanceof Error && error.message.includes("static generation store missing"))) throw error;
  }
}

// On globalThis: Next.js bundles this module into several server chunks, each with its own state.
const TOKEN = Symbol.for("sparkai.listings.revalidationToken");
const LISTENING = Symbol.for("sparkai.listings.listening");
type Tagged = typeof globalThis & { [TOKEN]?: string; [LISTENING]?: Promise<unknown> };

/** A random secret only this process knows: the revalidation route answers only its own process. */
function processToken(): string {
  const tagged = globalThis as Tagged;
  tagged[TOKEN] ??= crypto.randomUUID();
  return tagged[TOKEN];
}

export function isOwnRevalidationRequest(headers: Headers): boolean {
  return headers.get(LISTINGS_REVALIDATION_HEADER) === processToken();
}

/**
 * Revalidates the listings from outside a request (a change another process made, start-up): Next.js
 * revalidates only inside a request, so the process sends one to itself at the origin server.mjs
 * published after listening (SPARK_LISTEN_ORIGIN). Without it (next dev) there is nothing to do.
 */
export async function revalidateListingsInThisProcess(): Promise<void> {
  const origin = process.env.SPARK_LISTEN_ORIGIN;
  if (!origin) return;
  const response = await fetch(new URL(LISTINGS_REVALIDATION_PATH, origin), {
    method: "POST",
    headers: { [LISTINGS_REVALIDATION_HEADER]: processToken() },
  }).catch((error: unknown) => error);
  if (!(response instanceof Response) || !response.ok) console.warn("[marketing] 无法刷新应用与套餐列表页", response instanceof Response ? response.status : response);
}

/**
 * A change to the apps or plans saved by any process (PostgreSQL: several processes) revalidates this
 * process's listings too. Subscribed once per process.
 */
export function followListingChanges(db: Database): Promise<unknown> {
  const tagged = globalThis as Tagged;
  const events = clusterEventsFor(db);
  const changed = () => void revalidateListingsInThisProcess();
  tagged[LISTENING] ??= Promise.all([events.subscribe("spark_ai_registry_changed", changed), events.subscribe("spark_billing_plans_changed", changed)]);
  return tagged[LISTENING];
}
