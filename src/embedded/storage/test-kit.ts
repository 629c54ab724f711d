// Test support (imported only by *.test.ts): a storage service on a fresh database, plus supabase-js
// clients for anon, two users and the service role, all talking to it in-process. Object bytes go to
// local disk, or — when STORAGE_TEST_BACKEND=s3 (the `service-s3` Vitest project) — to a local
// S3-compatible server, so every suite runs against both byte stores.
import { readdir } from "node:fs/promises";
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
import { startTestS3Server, type TestS3Server } from "../../../test/s3-server";
import { createStorageService, type StorageServiceOptions } from "./index";

export interface StorageTestbed {
  root: Hono;
  handle: DatabaseHandle;
  rootDir: string;
  backend: StorageTestBackend;
  /** How many object versions the byte store holds (files on disk, or objects in the S3 bucket). */
  countStoredObjects(): Promise<number>;
  /** Uploads being spooled or written (must be 0 between requests). */
  countTemporaryFiles(): Promise<number>;
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

export type StorageTestBackend = "disk" | "s3";

/** The byte store this run tests (set per Vitest project). */
export function storageTestBackend(): StorageTestBackend {
  return process.env.STORAGE_TEST_BACKEND === "s3" ? "s3" : "disk";
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

export async function startStorageTestbed(
  kind: TestTargetKind = "pglite",
  options: Pick<StorageServiceOptions, "defaultBuckets" | "maxFileSize" | "signedUrlMaxSeconds" | "storageQuota"> = {},
): Promise<StorageTestbed> {
  const database = await createTestDatabase(kind);
  const handle = await openDatabase(database.target);
  const rootDir = await mkdtemp(path.join(tmpdir(), "storage-test-"));
  const backend = storageTestBackend();
  const s3: TestS3Server | undefined = backend === "s3" ? await startTestS3Server() : undefined;
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
    s3: s3?.config,
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
    backend,
    countStoredObjects: () => (s3 ? s3.countObjects() : countFiles(path.join(rootDir, "objects"))),
    countTemporaryFiles: () => countFiles(path.join(rootDir, "tmp")),
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
      await s3?.close();
      await rm(rootDir, { recursive: true, force: true });
    },
  };
}
