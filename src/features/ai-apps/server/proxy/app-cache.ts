import { clusterEventsFor } from "@/lib/db/cluster-events";
import type { Database } from "@/lib/db/types";
import { getApp, type AiApp } from "../registry";

// Long: every registry write announces itself; this only bounds what a lost announcement leaves stale.
const APP_CACHE_MS = 60_000;

/**
 * Registry look-ups of the proxy, cached briefly to keep a database round trip off every call's first
 * byte. A registry write in any process announces itself (`spark_ai_registry_changed`) and empties the
 * cache of every process, so a new or disabled app takes effect at once everywhere; the TTL only
 * bounds what a lost announcement could leave behind.
 */
export class AppCache {
  private readonly entries = new Map<string, { app: Promise<AiApp | undefined>; expiresAt: number }>();
  private listening: Promise<unknown> | undefined;

  /** `onChange` runs on every registry change too (the proxy's other per-app caches). */
  constructor(
    private readonly db: Database,
    private readonly onChange: () => void = () => undefined,
  ) {}

  listen(): Promise<unknown> {
    this.listening ??= clusterEventsFor(this.db)
      .subscribe("spark_ai_registry_changed", () => {
        this.entries.clear();
        this.onChange();
      })
      .catch((error: unknown) => {
        this.listening = undefined;
        console.error("[ai-apps proxy] 无法接收应用注册表的变更通知", error);
      });
    return this.listening;
  }

  get(appid: string): Promise<AiApp | undefined> {
    const cached = this.entries.get(appid);
    if (cached && cached.expiresAt > Date.now()) return cached.app;
    const app = getApp(appid, this.db);
    this.entries.set(appid, { app, expiresAt: Date.now() + APP_CACHE_MS });
    app.catch(() => this.entries.delete(appid));
    return app;
  }
}
