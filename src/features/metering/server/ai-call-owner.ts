import { randomUUID } from "node:crypto";
import { isNull, ne, sql } from "drizzle-orm";
import { aiCallOwners, aiQuotaReservations, isSingleProcessDatabase, type Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

/**
 * A process's lease on the AI calls it admitted (`ai_call_owners`, migration 0027). While it holds
 * any it renews the lease three times per lease; idle, it writes nothing (the next admission renews
 * it). Other processes stop counting its reservations once the lease has lapsed.
 */
export class AiCallOwner {
  readonly id = randomUUID();
  private held = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private renewing: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    readonly leaseMs: number,
  ) {}

  /** One more call of this process in flight. */
  hold(): void {
    this.held += 1;
    if (this.timer) return;
    this.timer = setInterval(() => void this.renew(), Math.max(10, Math.floor(this.leaseMs / 3)));
    // The lease must not keep a process alive that has nothing else to do.
    this.timer.unref();
  }

  /** One call of this process settled. */
  letGo(): void {
    this.held = Math.max(0, this.held - 1);
    if (this.held === 0) this.stop();
  }

  /** Tests: stop renewing, as a killed process does (its reservations stay behind). */
  abandon(): void {
    this.held = 0;
    this.stop();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Renews this lease and deletes lapsed ones (a dead process's reservations go with its row). */
  private renew(): Promise<void> {
    this.renewing ??= (async () => {
      try {
        const expiresAt = sql`now() + make_interval(secs => ${this.leaseMs / 1000}::float8)`;
        await this.db.insert(aiCallOwners).values({ id: this.id, expiresAt }).onConflictDoUpdate({ target: aiCallOwners.id, set: { expiresAt } });
        await this.db.delete(aiCallOwners).where(sql`${aiCallOwners.expiresAt} <= now()`);
      } catch (error) {
        // Next tick tries again; admissions renew the lease too.
        console.warn("[metering] AI 调用租约续期失败：", error instanceof Error ? error.message : error);
      } finally {
        this.renewing = undefined;
      }
    })();
    return this.renewing;
  }

  /**
   * First use by the process: lapsed leases are swept; on a database no other process can open
   * (PGlite) every other lease, and the ownerless reservations of a release before leases, are
   * the previous run's: swept too, so a restart frees them at once.
   */
  async register(): Promise<void> {
    if (isSingleProcessDatabase(this.db)) {
      await this.db.delete(aiCallOwners).where(ne(aiCallOwners.id, this.id));
      await this.db.delete(aiQuotaReservations).where(isNull(aiQuotaReservations.ownerId));
    } else {
      await this.db.delete(aiCallOwners).where(sql`${aiCallOwners.expiresAt} <= now()`);
    }
  }
}

// On globalThis: Next.js bundles start-up and each route apart, and a second owner of the same
// process would, on PGlite, sweep the first one's calls in flight.
const processOwners = processSingleton("sparkai.aiCallOwners", () => new WeakMap<Database, Promise<AiCallOwner>>());

/**
 * This process's owner of AI calls on `db`, registered on first use. Its lease is
 * `AI_CALL_LEASE_SECONDS`: a process killed mid-call frees its users' calls and tokens that long
 * after it died at the latest.
 */
export function processAiCallOwner(db: Database): Promise<AiCallOwner> {
  let owner = processOwners.get(db);
  if (!owner) {
    const created = new AiCallOwner(db, getEnv().AI_CALL_LEASE_SECONDS * 1000);
    owner = created.register().then(() => created);
    // A failed registration (database down) is tried again by the next call.
    owner.catch(() => processOwners.delete(db));
    processOwners.set(db, owner);
  }
  return owner;
}
