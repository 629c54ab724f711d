import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The real knowledge routes on a throwaway embedded database, the real indexing with the demo provider's
// embeddings; stubbed: who is signed in, and the storage (an in-memory bucket that records removals).
const dataDir = mkdtempSync(path.join(tmpdir(), "spark-knowledge-route-"));
vi.stubEnv("DATA_DIR", dataDir);
vi.stubEnv("DATABASE_URL", "");
const owner = randomUUID();
const attacker = randomUUID();
let signedIn = owner;
vi.mock("@/features/auth/server", () => ({ requireCurrentUserId: async () => signedIn }));
const stored = new Map<string, Uint8Array>();
vi.mock("@/features/knowledge/server/document-storage", () => ({
  supabaseDocumentStorage: () => ({
    put: async (key: string, bytes: Uint8Array) => void stored.set(key, bytes),
    get: async (key: string) => stored.get(key)!,
    remove: async (keys: string[]) => keys.forEach((key) => stored.delete(key)),
  }),
}));

const bases = await import("./bases/route");
const base = await import("./bases/[id]/route");
const baseDocuments = await import("./bases/[id]/documents/route");
const baseDocument = await import("./bases/[id]/documents/[documentId]/route");
const attached = await import("./documents/route");
const attachedOne = await import("./documents/[id]/route");
const storageUsage = await import("../storage/usage/route");
const { findDocumentSources, findKnowledgeSources, indexingIdle, storageBytesInUse } = await import("@/features/knowledge/server");
const { writeSamplePdf } = await import("@/features/knowledge/server/extract/sample-pdf");
const { closeDatabase, getDatabase, knowledgeChunks, knowledgeDocuments } = await import("@/lib/db");
const { eq } = await import("drizzle-orm");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const ORIGIN = "http://localhost:3000/api/knowledge";
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const call = (handler: Handler, request: Request, params: Record<string, string> = {}) => callRouteHandler((incoming) => handler(incoming, { params: Promise.resolve(params) }), request);
const json = (url: string, method: string, body?: unknown) =>
  new Request(url, { method, headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const upload = (url: string, name: string, bytes: Uint8Array | string, type = "") => {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name, { type }));
  return new Request(url, { method: "POST", body: form });
};
const GUIDE = "# 火花咖啡机说明书\n\n## 清洁\n\n每使用两百杯，请用柠檬酸除垢一次，除垢大约需要二十分钟。\n\n## 保修\n\n整机保修两年，加热模块保修五年。";
const request = (query: string, choices: { knowledgeBaseIds?: string[]; documentIds?: string[] }) => ({
  userId: signedIn,
  appid: "demo-model",
  conversationId: null,
  query,
  choices: { knowledgeBaseIds: choices.knowledgeBaseIds ?? [], documentIds: choices.documentIds ?? [], webSearch: false },
  signal: new AbortController().signal,
});

let baseId = "";
let documentId = "";
let attachedId = "";

describe("/api/knowledge", () => {
  beforeAll(async () => {
    signedIn = owner;
    const created = await call(bases.POST as Handler, json(`${ORIGIN}/bases`, "POST", { name: "咖啡机资料" }));
    expect(created.status).toBe(201);
    baseId = (await created.json()).base.id;
    const added = await call(baseDocuments.POST as Handler, upload(`${ORIGIN}/bases/${baseId}/documents`, "咖啡机说明书.md", GUIDE), { id: baseId });
    expect(added.status).toBe(202);
    documentId = (await added.json()).document.id;
    const file = await call(attached.POST as Handler, upload(`${ORIGIN}/documents`, "报告.pdf", writeSamplePdf([["第一页：本季度销售额增长百分之三十。"], ["第二页：下季度计划开设三家新门店。"]])));
    expect(file.status).toBe(202);
    attachedId = (await file.json()).document.id;
    await indexingIdle();
  });

  it("indexes an uploaded Markdown document in the background and lists it as indexed", async () => {
    const listed = await call(baseDocuments.GET as Handler, new Request(`${ORIGIN}/bases/${baseId}/documents`), { id: baseId });
    expect(listed.headers.get("cache-control")).toBe("private, no-store");
    expect((await listed.json()).documents).toEqual([expect.objectContaining({ id: documentId, name: "咖啡机说明书.md", status: "indexed", failureReason: null, chunkCount: 3 })]);
    expect((await (await call(bases.GET as Handler, new Request(`${ORIGIN}/bases`))).json()).bases).toEqual([expect.objectContaining({ id: baseId, name: "咖啡机资料", documentCount: 1 })]);
  });

  it("finds the passage for a question in the chosen base, with its document and section (kind knowledge)", async () => {
    const sources = await findKnowledgeSources(request("咖啡机多久需要除垢？", { knowledgeBaseIds: [baseId] }));
    expect(sources[0]).toMatchObject({ kind: "knowledge", datasetName: "咖啡机资料", documentName: "咖啡机说明书.md", section: "火花咖啡机说明书 › 清洁" });
    expect(sources[0]!.content).toContain("柠檬酸除垢");
    expect(await findKnowledgeSources(request("咖啡机多久需要除垢？", {}))).toEqual([]);
  });

  it("finds an attached PDF's passage with its page (kind document)", async () => {
    const sources = await findDocumentSources(request("下季度计划开几家门店？", { documentIds: [attachedId] }));
    expect(sources[0]).toMatchObject({ kind: "document", datasetName: "本次对话的文件", documentName: "报告.pdf", page: 2 });
  });

  it("an attacker gets 404 for every route with the owner's ids, and finds nothing with them", async () => {
    signedIn = attacker;
    try {
      const params = { id: baseId };
      expect((await call(baseDocuments.GET as Handler, new Request(`${ORIGIN}/bases/${baseId}/documents`), params)).status).toBe(404);
      expect((await call(baseDocuments.POST as Handler, upload(`${ORIGIN}/bases/${baseId}/documents`, "x.md", "# x"), params)).status).toBe(404);
      expect((await call(baseDocuments.POST as Handler, json(`${ORIGIN}/bases/${baseId}/documents`, "POST", { url: "https://example.com/" }), params)).status).toBe(404);
      expect((await call(base.PATCH as Handler, json(`${ORIGIN}/bases/${baseId}`, "PATCH", { name: "偷看" }), params)).status).toBe(404);
      expect((await call(base.DELETE as Handler, new Request(`${ORIGIN}/bases/${baseId}`, { method: "DELETE" }), params)).status).toBe(404);
      expect((await call(baseDocument.DELETE as Handler, new Request(`${ORIGIN}/bases/${baseId}/documents/${documentId}`, { method: "DELETE" }), { id: baseId, documentId })).status).toBe(404);
      expect((await call(attachedOne.GET as Handler, new Request(`${ORIGIN}/documents/${attachedId}`), { id: attachedId })).status).toBe(404);
      expect((await call(attachedOne.DELETE as Handler, new Request(`${ORIGIN}/documents/${attachedId}`, { method: "DELETE" }), { id: attachedId })).status).toBe(404);
      // A base document's id is not an attached file, even for its owner's routes.
      expect((await call(attachedOne.GET as Handler, new Request(`${ORIGIN}/documents/${documentId}`), { id: documentId })).status).toBe(404);
      expect((await call(base.DELETE as Handler, new Request(`${ORIGIN}/bases/not-a-uuid`, { method: "DELETE" }), { id: "not-a-uuid" })).status).toBe(404);
      expect((await (await call(bases.GET as Handler, new Request(`${ORIGIN}/bases`))).json()).bases).toEqual([]);
      expect(await findKnowledgeSources(request("除垢", { knowledgeBaseIds: [baseId] }))).toEqual([]);
      expect(await findDocumentSources(request("门店", { documentIds: [attachedId] }))).toEqual([]);
    } finally {
      signedIn = owner;
    }
    // The owner's base is untouched.
    expect((await call(base.PATCH as Handler, json(`${ORIGIN}/bases/${baseId}`, "PATCH", { name: "咖啡机手册" }), { id: baseId })).status).toBe(200);
  });

  it("refuses URLs to internal addresses, unsupported formats, and files over the plan's size before reading them", async () => {
    for (const url of ["http://127.0.0.1:9/", "http://169.254.169.254/latest/meta-data", "http://[::1]/", "http://10.0.0.1/", "file:///etc/passwd"]) {
      const response = await call(baseDocuments.POST as Handler, json(`${ORIGIN}/bases/${baseId}/documents`, "POST", { url }), { id: baseId });
      expect(response.status, url).toBe(400);
      expect((await response.json()).message, url).toMatch(/内部网络|http 或 https|格式不正确/);
    }
    const exe = await call(baseDocuments.POST as Handler, upload(`${ORIGIN}/bases/${baseId}/documents`, "程序.exe", "MZ"), { id: baseId });
    expect([exe.status, (await exe.json()).message]).toEqual([415, "只支持 PDF、Word（.docx）、Markdown、TXT 和 HTML 文件。"]);
    const huge = new Request(`${ORIGIN}/bases/${baseId}/documents`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024 * 1024) },
      body: "--x--",
    });
    const refused = await call(baseDocuments.POST as Handler, huge, { id: baseId });
    expect([refused.status, (await refused.json()).message]).toEqual([413, "文件太大：您的套餐每个文件最大 20 MB。"]);
  });

  it("marks a scanned PDF failed with the Chinese reason", async () => {
    const added = await call(baseDocuments.POST as Handler, upload(`${ORIGIN}/bases/${baseId}/documents`, "扫描件.pdf", writeSamplePdf([[], []])), { id: baseId });
    const scanned = (await added.json()).document.id as string;
    await indexingIdle();
    const documents = (await (await call(baseDocuments.GET as Handler, new Request(`${ORIGIN}/bases/${baseId}/documents`), { id: baseId })).json()).documents as { id: string; status: string; failureReason: string }[];
    expect(documents.find((document) => document.id === scanned)).toMatchObject({ status: "failed", failureReason: "这个 PDF 没有可识别的文字（可能是扫描件），暂不支持。" });
  });

  it("the storage page's usage counts the user's knowledge documents, as the quota does (not another user's)", async () => {
    const db = await getDatabase();
    const sizes = await db.select({ size: knowledgeDocuments.size }).from(knowledgeDocuments).where(eq(knowledgeDocuments.userId, owner));
    const documentBytes = sizes.reduce((total, row) => total + row.size, 0);
    expect(documentBytes).toBeGreaterThan(0);
    const usage = async () => (await (await call(storageUsage.GET as Handler, new Request("http://localhost:3000/api/storage/usage"))).json()) as { usedBytes: number };
    expect((await usage()).usedBytes).toBe(documentBytes);
    expect((await usage()).usedBytes).toBe(await storageBytesInUse(db, owner));
    signedIn = attacker;
    try {
      expect((await usage()).usedBytes).toBe(0);
    } finally {
      signedIn = owner;
    }
  });

  it("deleting a document removes its chunks and its bytes; deleting the base removes the rest", async () => {
    const db = await getDatabase();
    expect(stored.has(`${owner}/${documentId}`)).toBe(true);
    const removed = await call(baseDocument.DELETE as Handler, new Request(`${ORIGIN}/bases/${baseId}/documents/${documentId}`, { method: "DELETE" }), { id: baseId, documentId });
    expect(removed.status).toBe(204);
    expect(await db.select().from(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId))).toEqual([]);
    expect(stored.has(`${owner}/${documentId}`)).toBe(false);
    expect((await call(base.DELETE as Handler, new Request(`${ORIGIN}/bases/${baseId}`, { method: "DELETE" }), { id: baseId })).status).toBe(204);
    expect([...stored.keys()]).toEqual([`${owner}/${attachedId}`]);
  });
});
