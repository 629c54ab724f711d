/**
 * A small in-process cache whose entries live `ttlMs` and which never holds more than `maxEntries`
 * (the oldest entry goes first). Written here because the session checks need only this much and
 * a Map keeps insertion order, so no dependency is worth adding. A TTL of 0 disables caching.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  /** Drops every entry `matches` (e.g. all of one user's when they are signed out everywhere). */
  deleteWhere(matches: (value: V, key: string) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  /** The cached value, or the loader's (concurrent misses for one key share one load). */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const value = await pending;
    this.set(key, value);
    return value;
  }

  private readonly loading = new Map<string, Promise<V>>();
}
