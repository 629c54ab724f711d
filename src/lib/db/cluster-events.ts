import { EventEmitter } from "node:events";
import { Client, type Pool } from "pg";
import type { Database } from "./types";

/**
 * Messages between the app's processes. With PostgreSQL (several `npm start` processes on one
 * database), they travel through LISTEN / NOTIFY, which the database already offers: no broker to run.
 * With PGlite there is only ever one process (the data-dir lock), so they stay in this process.
 * Delivery is at most once and only to processes listening at the time: use them to act sooner
 * (stop a stream, drop a cache), never as the only record of something.
 */
export type ClusterChannel =
  /** payload: a Dify task id a user asked to stop; the process relaying it stops it. */
  | "spark_ai_task_stop"
  /** payload: an appid whose registry row changed (or "*"): cached look-ups are dropped. */
  | "spark_ai_registry_changed"
  /** payload: the id of a plan added, edited or deleted: cached plan catalogs are dropped. */
  | "spark_billing_plans_changed";

export type ClusterListener = (payload: string) => void;

export interface ClusterEvents {
  publish(channel: ClusterChannel, payload: string): Promise<void>;
  /** Resolves once the listener is registered everywhere it must be (messages published later arrive). */
  subscribe(channel: ClusterChannel, listener: ClusterListener): Promise<() => void>;
  close(): Promise<void>;
}

// Kept on the database object under global symbols, not in module-level maps: Next.js bundles this
// module into several server chunks (instrumentation, each route), each with its own module state.
const POSTGRES_SERVER = Symbol.for("sparkai.db.postgresServer");
const CLUSTER_EVENTS = Symbol.for("sparkai.db.clusterEvents");
type Tagged = Database & { [POSTGRES_SERVER]?: { pool: Pool; url: string }; [CLUSTER_EVENTS]?: ClusterEvents };

/** Called when a PostgreSQL database is opened: its processes talk through that server. */
export function registerPostgresDatabase(db: Database, pool: Pool, url: string): void {
  Object.defineProperty(db, POSTGRES_SERVER, { value: { pool, url } });
}

/** Whether several processes may share `db` (a PostgreSQL server; a PGlite directory has one owner). */
export function isSharedDatabase(db: Database): boolean {
  return (db as Tagged)[POSTGRES_SERVER] !== undefined;
}

/** The cluster messages of the processes sharing `db` (one instance per database object). */
export function clusterEventsFor(db: Database): ClusterEvents {
  const tagged = db as Tagged;
  if (!tagged[CLUSTER_EVENTS]) {
    const server = tagged[POSTGRES_SERVER];
    const events = server ? postgresEvents(server.pool, server.url) : localEvents();
    Object.defineProperty(tagged, CLUSTER_EVENTS, { value: events, configurable: true });
  }
  return tagged[CLUSTER_EVENTS]!;
}

/** Closes the listening connection of `db`'s cluster messages, if one was opened. */
export async function closeClusterEvents(db: Database): Promise<void> {
  const tagged = db as Tagged;
  const events = tagged[CLUSTER_EVENTS];
  delete tagged[CLUSTER_EVENTS];
  await events?.close();
}

function localEvents(): ClusterEvents {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * One dedicated connection LISTENs (a pooled one would be handed to other queries); it reconnects
 * after a failure and listens again on every channel. Messages sent while it was away are lost,
 * which the callers accept (see above).
 */
function postgresEvents(pool: Pool, url: string): ClusterEvents {
  const emitter = new EventEmitter().setMaxListeners(0);
  const channels = new Set<ClusterChannel>();
  let connecting: Promise<Client> | undefined;
  let closed = false;

  const connect = (): Promise<Client> =>
    (connecting ??= (async () => {
      const client = new Client({ connectionString: url });
      client.on("notification", (message) => emitter.emit(message.channel, message.payload ?? ""));
      client.on("error", (error) => {
        console.error("[cluster-events] 监听连接出错，稍后重连：", error.message);
        connecting = undefined;
        void client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void reconnect(), RECONNECT_DELAY_MS).unref();
      });
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
      return client;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    }));

  const reconnect = async () => {
    if (closed || channels.size === 0) return;
    await connect().catch(() => setTimeout(() => void reconnect(), RECONNECT_DELAY_MS).unref());
  };

  return {
    async publish(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      if (!channels.has(channel)) {
        channels.add(channel);
        const client = await connect();
        // A fresh connection already listens on every channel in the set.
        await client.query(`LISTEN ${channel}`);
      }
      return () => emitter.off(channel, listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      const client = await connecting?.catch(() => undefined);
      connecting = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
