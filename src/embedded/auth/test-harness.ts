// Test support (not a test file): an auth service on a fresh database, reached through supabase-js.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from "@supabase/supabase-js";
import { Hono } from "hono";
import { createTestDatabase, type TestTargetKind } from "../../../test/database-targets";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { createOutbox, type OutboxMessage, type SmsProvider } from "@/embedded/outbox";
import { parseAuthConfig, type AuthConfigInput } from "./config";
import type { AuthBindings } from "./context";
import { createAuthService, type AuthService } from "./index";

export const TEST_URL = "http://auth.test";

export class NoWebSocket {
  constructor() {
    throw new Error("realtime is not available in tests");
  }
}

export interface AuthHarness {
  service: AuthService;
  handle: DatabaseHandle;
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  client(options?: SupabaseClientOptions<"public">["auth"], key?: string, headers?: Record<string, string>): SupabaseClient;
  /** An anon client whose requests arrive with these bindings (who the server says is calling). */
  clientVia(bindings: AuthBindings, headers?: Record<string, string>): SupabaseClient;
  admin(): SupabaseClient;
  /** Newest outbox message to `to` (email, or "+phone"). */
  lastMessage(to: string): Promise<OutboxMessage>;
  close(): Promise<void>;
}

export async function createAuthHarness(
  kind: TestTargetKind = "pglite",
  overrides: AuthConfigInput = {},
  /** Mail by SMTP instead of the dev outbox; `devSms: false` = no SMS sender at all; a real `smsProvider`. */
  outboxOptions: { smtpUrl?: string; from?: string; devSms?: boolean; smsProvider?: SmsProvider } = {},
): Promise<AuthHarness> {
  const testDatabase = await createTestDatabase(kind);
  const handle = await openDatabase(testDatabase.target);
  const config = parseAuthConfig({
    siteUrl: "http://localhost:3000",
    externalUrl: `${TEST_URL}/auth/v1`,
    redirectAllowList: ["https://app.example.com/**"],
    refreshTokenReuseIntervalSeconds: 0,
    minMailIntervalSeconds: 0,
    passwordHashing: { memoryCost: 256, timeCost: 1 },
    ...overrides,
  });
  const outbox = createOutbox({ db: handle.db, ...outboxOptions });
  const service = await createAuthService({ db: handle.db, config, outbox });
  const root = new Hono().route("/auth/v1", service.app);
  const fetchVia = (bindings?: AuthBindings) => async (input: RequestInfo | URL, init?: RequestInit) =>
    root.fetch(new Request(input, init), bindings);
  const fetch = fetchVia();
  const client = (
    auth: SupabaseClientOptions<"public">["auth"] = {},
    key = service.keys.anonKey,
    headers: Record<string, string> = {},
    bindings?: AuthBindings,
  ) =>
    createClient(TEST_URL, key, {
      global: { fetch: fetchVia(bindings), headers },
      // Node 20 has no WebSocket; realtime is never used here, it only must construct.
      realtime: { transport: NoWebSocket as never },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...auth },
    });
  return {
    service,
    handle,
    fetch,
    client,
    admin: () => client({}, service.keys.serviceRoleKey),
    clientVia: (bindings, headers) => client({}, undefined, headers, bindings),
    async lastMessage(to) {
      const messages = await outbox.listOutboxMessages({ limit: 200 });
      const found = messages.find((message) => message.to === to);
      if (!found) throw new Error(`no outbox message to ${to}`);
      return found;
    },
    async close() {
      await handle.close();
      await testDatabase.dispose();
    },
  };
}

/** In-memory storage so PKCE clients can keep their code verifier. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
