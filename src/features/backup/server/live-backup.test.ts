import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorageService } from "@/embedded/storage";
import { DiskStore } from "@/embedded/storage/bytes/disk";
import { openDatabase } from "@/lib/db/open";
import { authUsers } from "@/lib/db/schema/auth";
import { modelConversations } from "@/lib/db/schema/ai-models";
import { checkoutOrders } from "@/lib/db/schema/billing";
import { storageObjects } from "@/lib/db/schema/storage";
import type { PgliteConnection } from "@/lib/db/types";
import { requestLiveBackup } from "./control-client";
import { openControlSocket, type ControlSocket } from "./control-socket";
import type { BackupStage } from "./embedded-backup";

// This test process plays the running server: it owns PGlite on DATA_DIR (the data-dir lock), serves the
// embedded storage and the control socket, while the real `npm run backup` / `npm run restore` scripts
// run as child processes against it.
const root = await mkdtemp(path.join(tmpdir(), "live-backup-"));
const dataDir = path.join(root, "data");
const layout = { dataDir, filesInS3: false };
const target = { kind: "pglite" as const, dataDir: path.join(dataDir, "pglite") };
let handle: PgliteConnection;
let control: ControlSocket;
/** What the test does once the database is dumped and before the files are copied. */
let duringCopy: (stage: BackupStage) => Promise<void> = async () => undefined;

async function storageOn(db: PgliteConnection) {
  const { app } = await createStorageService({
    db: db.db,
    rootDir: path.join(dataDir, "storage"),
    signingSecret: "live-backup-test-signing-secret-32-chars",
    verifyAccessToken: async () => ({ role: "service_role" }),
  });
  return (p: string, init?: RequestInit) =>
    app.fetch(new Request(`http://storage.test${p}`, { ...init, headers: { Authorization: "Bearer service", ...init?.headers } }));
}

/** `npm run backup|restore` as the operator runs it (the package.json script's command). */
async function runScript(command: "backup" | "restore", dir: string): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.STORAGE_S3_BUCKET;
  const args = [path.join("node_modules", "tsx", "dist", "cli.mjs"), "--conditions=react-server", "scripts/backup.ts", command, dir];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/** A raw request on the control socket (what an older or hostile client could send). */
function rawControl(method: string, urlPath: string, body: string): Promise<{ status: number; message: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: control.path, method, path: urlPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, message: (JSON.parse(Buffer.concat(chunks).toString()) as { message: string }).message }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

beforeAll(async () => {
  handle = (await openDatabase(target)) as PgliteConnection;
  control = await openControlSocket({ layout, database: async () => handle, onStage: (stage) => duringCopy(stage) });
}, 60_000);
afterAll(async () => {
  await control.close();
  if (!handle.closed) await handle.close();
  await rm(root, { recursive: true, force: true });
});

describe("backup while the app runs", () => {
  it("keeps the control socket to the owner, and refuses a relative or existing target", async () => {
    expect((await stat(control.path)).mode & 0o777).toBe(0o600);
    await expect(requestLiveBackup(dataDir, "relative/backup")).rejects.toThrow(/绝对路径/);
    await mkdir(path.join(root, "taken"));
    await expect(requestLiveBackup(dataDir, path.join(root, "taken"))).rejects.toThrow(/已存在/);
    expect(await rawControl("POST", "/backup", "not json")).toMatchObject({ status: 400 });
    expect(await rawControl("POST", "/backup", JSON.stringify({ target: 42 }))).toMatchObject({ status: 400 });
    expect(await rawControl("DELETE", "/everything", "")).toMatchObject({ status: 404 });
    expect(existsSync(path.join(root, "relative"))).toBe(false);
  });

  it("takes over the socket of a server that was killed, and leaves any other file alone", async () => {
    const otherDir = path.join(root, "other");
    await mkdir(otherDir);
    const stale = path.join(otherDir, "control.sock");
    // A process that listens on the socket and is SIGKILLed leaves the socket file behind.
    const owner = spawn(process.execPath, ["-e", `require("node:net").createServer().listen(${JSON.stringify(stale)}, () => console.log("up"))`]);
    await new Promise((resolve) => owner.stdout.once("data", resolve));
    owner.kill("SIGKILL");
    await new Promise((resolve) => owner.once("exit", resolve));
    expect(existsSync(stale)).toBe(true);
    const taken = await openControlSocket({ layout: { dataDir: otherDir, filesInS3: false }, database: async () => handle });
    expect((await stat(taken.path)).mode & 0o777).toBe(0o600);
    await taken.close();
    expect(existsSync(stale)).toBe(false);

    await writeFile(stale, "not a socket");
    await expect(openControlSocket({ layout: { dataDir: otherDir, filesInS3: false }, database: async () => handle })).rejects.toThrow(/不是套接字/);
  });

  it("backs up during writes and deletions, then restores users, conversations, orders and files", { timeout: 180_000 }, async () => {
    const userId = randomUUID();
    await handle.db.insert(authUsers).values({ id: userId, email: "live-backup@example.com" });
    await handle.db.insert(modelConversations).values({ appid: "demo", userId, name: "运行中备份的对话", model: "demo-model" });
    await handle.db.insert(checkoutOrders).values({ userId, planId: "pro", interval: "month", amount: 2900, provider: "local", status: "paid" });
    const storage = await storageOn(handle);
    const put = (name: string, body: string, upsert = false) =>
      storage(`/object/files/${userId}/${name}`, { method: "POST", body, headers: { "Content-Type": "text/plain", ...(upsert ? { "x-upsert": "true" } : {}) } });
    expect((await put("kept.txt", "一直都在的文件")).status).toBe(200);
    expect((await put("deleted.txt", "备份期间被删除的文件")).status).toBe(200);
    expect((await put("overwritten.txt", "覆盖前的内容")).status).toBe(200);
    const versionOf = async (name: string) =>
      (await handle.db.select({ version: storageObjects.version }).from(storageObjects).where(and(eq(storageObjects.bucketId, "files"), eq(storageObjects.name, `${userId}/${name}`))))[0]?.version;
    const deletedVersion = await versionOf("deleted.txt");
    const overwrittenVersion = await versionOf("overwritten.txt");

    // Between the dump and the file copy (the worst moment), a user deletes one file and overwrites
    // another: their old bytes must still reach the backup, whose database still lists them.
    duringCopy = async () => {
      duringCopy = async () => undefined;
      expect((await storage(`/object/files/${userId}/deleted.txt`, { method: "DELETE" })).status).toBe(200);
      expect((await put("overwritten.txt", "覆盖后的内容", true)).status).toBe(200);
    };
    // Sign-ups keep arriving while the backup runs.
    let backupDone = false;
    const signUps = (async () => {
      for (let i = 0; !backupDone && i < 200; i += 1) await handle.db.insert(authUsers).values({ id: randomUUID(), email: `during-${i}@example.com` });
    })();
    const out = path.join(root, "backup");
    const backup = await runScript("backup", out);
    backupDone = true;
    await signUps;
    expect(backup).toMatchObject({ code: 0, out: expect.stringContaining(`备份完成：${out}`) });
    // Once the copy is done, the held removals ran: the live data directory no longer keeps old bytes.
    const liveBytes = new DiskStore(path.join(dataDir, "storage"));
    expect(await liveBytes.exists(deletedVersion!)).toBe(false);
    expect(await liveBytes.exists(overwrittenVersion!)).toBe(false);

    // Restoring replaces the data directory: refused while the server runs, and it says why.
    const refused = await runScript("restore", out);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("请先停止服务");

    // A running server without the socket (an older version): the backup says what to do, in Chinese.
    await control.close();
    const tooOld = await runScript("backup", path.join(root, "from-old-server"));
    expect(tooOld.code).toBe(1);
    expect(tooOld.out).toContain("无法连接它的控制套接字");
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
    expect(await runScript("restore", out)).toMatchObject({ code: 0, out: expect.stringContaining("恢复完成") });

    handle = (await openDatabase(target)) as PgliteConnection;
    expect(await handle.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId))).toEqual([{ email: "live-backup@example.com" }]);
    expect(await handle.db.select({ name: modelConversations.name }).from(modelConversations).where(eq(modelConversations.userId, userId))).toEqual([
      { name: "运行中备份的对话" },
    ]);
    expect(await handle.db.select({ status: checkoutOrders.status }).from(checkoutOrders).where(eq(checkoutOrders.userId, userId))).toEqual([{ status: "paid" }]);
    const restored = await storageOn(handle);
    const text = async (name: string) => {
      const response = await restored(`/object/files/${userId}/${name}`);
      return response.status === 200 ? response.text() : `HTTP ${response.status}`;
    };
    expect(await text("kept.txt")).toBe("一直都在的文件");
    expect(await text("deleted.txt")).toBe("备份期间被删除的文件");
    expect(await text("overwritten.txt")).toBe("覆盖前的内容");
  });
});
