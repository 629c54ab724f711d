// Issue 37: knowledge documents are stored with the service role, so the embedded storage alone would not see
// them as the user's. The file upload's quota must count them (storageAllowance, the one sum), through the
// storage HTTP API as the app wires it at start-up.
import { rmSync } from "node:fs";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";

const dataDir = stubEmbeddedAppEnv("knowledge-quota");

const { storageAllowance } = await import("@/features/knowledge/server");
const { storageQuotaBytes } = await import("@/features/files/server");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { provideStorageQuota } = await import("@/lib/supabase/embedded-services");
const { closeDatabase, getDatabase, knowledgeDocuments } = await import("@/lib/db");

const PASSWORD = "secret-password-1";
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
let user: SupabaseClient;
let userId = "";

beforeAll(async () => {
  // What src/server/startup.ts provides before the first request.
  provideStorageQuota(storageAllowance);
  const connection = await getSupabaseConnection();
  const options = { ...serverClientOptions(connection), auth: noSession };
  const admin = createClient(connection.url, connection.serviceRoleKey, options);
  const created = await admin.auth.admin.createUser({ email: "quota@example.com", password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  userId = created.data.user.id;
  user = createClient(connection.url, connection.anonKey, options);
  const signedIn = await user.auth.signInWithPassword({ email: "quota@example.com", password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
}, 180_000); // the first call starts the embedded services (migrations, keys): slow on a busy machine
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("file uploads and the knowledge documents' share of the quota", () => {
  it("refuses a file upload once the user's documents fill the quota, and takes it when they leave room", async () => {
    const db = await getDatabase();
    const quota = await storageQuotaBytes(db, userId);
    const file = () => new Blob([new Uint8Array(1024)], { type: "application/octet-stream" });
    // Documents (recorded as the knowledge feature records them) leaving 512 bytes free.
    const [document] = await db.insert(knowledgeDocuments).values({ userId, name: "大文档.pdf", format: "pdf", size: quota - 512 }).returning();
    const refused = await user.storage.from("files").upload(`${userId}/note.bin`, file());
    expect(refused.error).toMatchObject({ statusCode: "413" });
    expect(refused.error?.message).toMatch(/quota/i);

    // A smaller document set leaves room again: the same sum, read afresh on each upload.
    await db.update(knowledgeDocuments).set({ size: quota - 4096 }).where(eq(knowledgeDocuments.id, document!.id));
    expect((await user.storage.from("files").upload(`${userId}/note.bin`, file())).error).toBeNull();
  });
});
