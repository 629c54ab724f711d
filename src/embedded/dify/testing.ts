// Test support (not a test file): the demo Dify server on a fresh database, called as Dify's clients call it.
import { openDatabase } from "@/lib/db/open";
import type { Database } from "@/lib/db/types";
import { createDemoDifyServer } from "./index";

export interface DemoServerHarness {
  server: ReturnType<typeof createDemoDifyServer>;
  /** The server's database, for a second server with other options. */
  db: Database;
  /** A request with an app's key (`Authorization: Bearer …`) and, when given, a JSON body. */
  call(key: string, method: string, path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export async function startDemoServer(options: Omit<Parameters<typeof createDemoDifyServer>[0], "db"> = {}): Promise<DemoServerHarness> {
  const handle = await openDatabase({ kind: "pglite" });
  const server = createDemoDifyServer({ db: handle.db, ...options });
  return {
    server,
    db: handle.db,
    call: (key, method, path, body) =>
      Promise.resolve(
        server.request(path, {
          method,
          headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
    close: () => handle.close(),
  };
}
