// Test support (imported only by *.test.ts): a storage service on a fresh database, plus supabase-js
// clients for anon, two users and the service role, all talking to it in-process.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { Hono } from "hono";
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from "jose";
import { openDatabase } from "@/lib/db/open";
import type { DatabaseHandle } from "@/lib/db/types";
import { createTestDatabase, type TestTargetKind } from "../../../test/database-targets";
import { createStorageService, type StorageServiceOptions } from "./index";

export interface StorageTestbed {
  root: Hono;
  handle: DatabaseHandle;
  rootDir: string;
  anon: SupabaseClient;
  service: SupabaseClient;
  userA: SupabaseClient;
  userB: SupabaseClient;
  idA: string;
  idB: string;
  sign(claims: Record<string, unknown>, expiresIn?: string | number): Promise<string>;
  /** A fetch straight into the app, for raw protocol checks. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  clientFor(token: string): SupabaseClient;
  close(): Promise<void>;
}

class NoWebSocket {
  constructor() {
    throw new Error("realtime is not used in storage tests");
  }
}

export const STORAGE_URL = "http://storage.test";

export async function startStorageTestbed(
  kind: TestTargetKind = "pglite",
  options: Pick<StorageServiceOptions, "defaultBuckets" | "maxFileSize" | "signedUrlMaxSeconds" | "storageQuota"> = {},
): Promise<StorageTestbed> {
  const database = await createTestDatabase(kind);
  const handle = await openDatabase(database.target);
  const rootDir = await mkdtemp(path.join(tmpdir(), "storage-test-"));
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  await exportJWK(publicKey); // proves the pair is usable as a JWK, as the auth service publishes it

  const sign = (claims: Record<string, unknown>, expiresIn: string | number = "1h") =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256" })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey as CryptoKey);

  const { app } = await createStorageService({
    db: handle.db,
    rootDir,
    signingSecret: "test-signing-secret-with-at-least-32-characters",
    verifyAccessToken: async (jwt) => {
      const { payload } = await jwtVerify(jwt, publicKey);
      return { ...payload, role: String(payload.role) };
    },
    ...options,
  });
  const root = new Hono().route("/storage/v1", app);
  const appFetch = async (input: RequestInfo | URL, init?: RequestInit) => root.fetch(new Request(input, init));

  const anonKey = await sign({ role: "anon" });
  const clientFor = (token: string) =>
    createClient(STORAGE_URL, anonKey, {
      global: { fetch: appFetch, headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no global WebSocket; storage never opens one, so a stub keeps realtime-js quiet.
      realtime: { transport: NoWebSocket as unknown as never },
    });
  const idA = randomUUID();
  const idB = randomUUID();

  return {
    root,
    handle,
    rootDir,
    anon: clientFor(anonKey),
    service: clientFor(await sign({ role: "service_role" })),
    userA: clientFor(await sign({ role: "authenticated", sub: idA })),
    userB: clientFor(await sign({ role: "authenticated", sub: idB })),
    idA,
    idB,
    sign,
    fetch: (p, init) => appFetch(`${STORAGE_URL}/storage/v1${p}`, init),
    clientFor,
    async close() {
      await handle.close();
      await database.dispose();
      await rm(rootDir, { recursive: true, force: true });
    },
  };
}
