import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TRANSCRIPT } from "@/embedded/dify";
import { openDatabase } from "@/lib/db/open";
import { aiUsageEvents } from "@/lib/db/schema/ai-usage";
import type { DatabaseHandle } from "@/lib/db/types";
import { demoRegistryApps, type ConfiguredApp } from "../config";
import { seedAppRegistry } from "../registry";
import { createDifyProxy, type DifyProxy } from "./handler";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on open JSON

// Voice through the proxy: audio-to-text (multipart) and text-to-audio (JSON → audio bytes), against
// the demo apps and against a fake Dify that, like the real one, reads any message id it is given.

interface SeenCall {
  method: string;
  path: string;
  query: URLSearchParams;
  json?: Json;
  form?: FormData;
}

const FAKE_BASE = "http://fake-dify.invalid/v1";
const ALICE_CONVERSATION = randomUUID();
const ALICE_MESSAGE = randomUUID();
const seen: SeenCall[] = [];

/** A Dify that scopes conversations by user but — as Dify's text-to-audio does — not message ids. */
const fakeDify: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const path = url.pathname.replace("/v1", "");
  const call: SeenCall = { method: init?.method ?? "GET", path, query: url.searchParams };
  if (init?.body instanceof FormData) call.form = init.body;
  else if (typeof init?.body === "string") call.json = JSON.parse(init.body) as Json;
  seen.push(call);
  if (path === "/audio-to-text") return Response.json({ text: "假的转写" });
  if (path === "/messages") {
    const own = url.searchParams.get("user") === "alice" && url.searchParams.get("conversation_id") === ALICE_CONVERSATION;
    if (!own) return Response.json({ code: "not_found", message: "Conversation Not Exists.", status: 404 }, { status: 404 });
    return Response.json({ limit: 100, has_more: false, data: [{ id: randomUUID() }, { id: ALICE_MESSAGE }] });
  }
  if (path === "/text-to-audio") {
    if ((call.json?.text as string | undefined)?.includes("not-audio")) return Response.json({ result: "odd" });
    // Chunked MP3 bytes, as Dify streams long texts.
    const parts = [new Uint8Array([0xff, 0xfb, 1]), new Uint8Array([2, 3, 4])];
    return new Response(new ReadableStream({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) }), { headers: { "Content-Type": "audio/mpeg" } });
  }
  return Response.json({ code: "not_found", message: "nope", status: 404 }, { status: 404 });
};

let handle: DatabaseHandle;
let proxy: DifyProxy;

const fakeApp: ConfiguredApp = { appid: "fake-dify", kind: "chat", name: "fake", description: "", icon: "🧪", upstreamBaseUrl: FAKE_BASE, upstreamSecretKey: "app-fake", enabled: true };

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  await seedAppRegistry(handle.db, [...demoRegistryApps(), fakeApp]);
  proxy = createDifyProxy({ database: async () => handle.db, demoPaceMs: 0, fetch: fakeDify });
});
afterAll(async () => {
  await proxy.idle();
  await handle.close();
});

const url = (path: string, appid: string) => `http://spark.test/api/ai/dify/${path}?appid=${appid}`;
const call = (userId: string, path: string, appid: string, init: RequestInit) => proxy.handle(new Request(url(path, appid), { method: "POST", ...init }), { path: path.split("/"), userId });

function recordingForm(type = "audio/webm;codecs=opus", bytes = 4000, user = "mallory"): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "录音.webm", { type }));
  form.append("user", user);
  return form;
}

const transcribe = (userId: string, appid: string, form = recordingForm()) => call(userId, "audio-to-text", appid, { body: form });
const speak = (userId: string, appid: string, body: unknown) => call(userId, "text-to-audio", appid, { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("proxy: audio-to-text", () => {
  it("transcribes a browser recording (codec-suffixed type normalised) for the demo chat apps", async () => {
    for (const appid of ["demo-chat", "demo-agent", "demo-chatflow"]) {
      const response = await transcribe(randomUUID(), appid);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ text: DEMO_TRANSCRIPT });
    }
  });

  it("sends the signed-in user in the form, never the client's, and a normalised file", async () => {
    seen.length = 0;
    const response = await transcribe("alice", "fake-dify");
    expect(await response.json()).toEqual({ text: "假的转写" });
    const form = seen.find((item) => item.path === "/audio-to-text")!.form!;
    expect(form.getAll("user")).toEqual(["alice"]);
    const file = form.get("file") as File;
    expect({ name: file.name, type: file.type, size: file.size }).toEqual({ name: "recording.webm", type: "audio/webm", size: 4000 });
  });

  it("refuses a wrong type (415), a missing or empty recording (400), and says why in Chinese", async () => {
    expect(await (await transcribe("u1", "demo-chat", recordingForm("text/html"))).json()).toEqual({ statusCode: 415, message: "不支持该录音格式" });
    expect((await transcribe("u1", "demo-chat", recordingForm("audio/wav", 0))).status).toBe(400);
    const noFile = new FormData();
    noFile.append("user", "x");
    expect(await (await transcribe("u1", "demo-chat", noFile)).json()).toMatchObject({ statusCode: 400, message: "没有收到录音，请重新录制" });
    const json = await call("u1", "audio-to-text", "demo-chat", { headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(400);
  });

  it("maps an app without speech to text to a Chinese 400 (Dify's speech_to_text_disabled)", async () => {
    const response = await transcribe("u2", "demo-workflow");
    expect(await response.json()).toEqual({ statusCode: 400, message: "该应用未开启语音输入", code: "speech_to_text_disabled" });
  });

  it("refuses an oversized recording by its length, unread, and a chunked one without reading it all", async () => {
    let pulled = 0;
    const total = 50 * 1024 * 1024;
    const chunk = new Uint8Array(256 * 1024);
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= total) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
    const declared = new Request(url("audio-to-text", "demo-chat"), {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(total) },
      body: endless(),
      duplex: "half",
    } as RequestInit);
    const refused = await proxy.handle(declared, { path: ["audio-to-text"], userId: "big-1" });
    expect(await refused.json()).toEqual({ statusCode: 413, message: "录音太大，最大 10 MB" });
    expect(pulled).toBeLessThan(1024 * 1024);

    pulled = 0;
    const chunked = new Request(url("audio-to-text", "demo-chat"), { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: endless(), duplex: "half" } as RequestInit);
    const cut = await proxy.handle(chunked, { path: ["audio-to-text"], userId: "big-2" });
    expect(cut.status).toBe(413);
    expect(pulled).toBeLessThan(12 * 1024 * 1024);
  });

  it("limits each user to 30 calls a minute (429 in Chinese), other users unaffected", async () => {
    for (let index = 0; index < 30; index += 1) expect((await transcribe("chatty", "fake-dify")).status).toBe(200);
    const limited = await transcribe("chatty", "fake-dify");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(await limited.json()).toEqual({ statusCode: 429, message: "语音请求太频繁，请稍后再试" });
    expect((await transcribe("quiet", "fake-dify")).status).toBe(200);
    // Read-aloud has its own budget.
    expect((await speak("chatty", "fake-dify", { text: "你好" })).status).toBe(200);
  });
});

describe("proxy: text-to-audio", () => {
  async function aliceAnswer(userId: string) {
    const response = await call(userId, "chat-messages", "demo-chat", { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query: "你好", inputs: {}, response_mode: "blocking" }) });
    return (await response.json()) as Json;
  }

  it("reads the user's own answer aloud as audio/wav, and no one else's (404)", async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const answer = await aliceAnswer(alice);
    const own = await speak(alice, "demo-chat", { message_id: answer.message_id, conversation_id: answer.conversation_id });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("audio/wav");
    expect(own.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await own.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe("RIFF");

    // Bob names Alice's conversation, or his own conversation with Alice's message: 404 both ways.
    const foreignConversation = await speak(bob, "demo-chat", { message_id: answer.message_id, conversation_id: answer.conversation_id });
    expect(foreignConversation.status).toBe(404);
    expect(await foreignConversation.json()).toMatchObject({ message: "对话不存在或已删除" });
    const bobs = await aliceAnswer(bob);
    const foreignMessage = await speak(bob, "demo-chat", { message_id: answer.message_id, conversation_id: bobs.conversation_id });
    expect(await foreignMessage.json()).toEqual({ statusCode: 404, message: "消息不存在或已删除" });
    // No usage rows: reading aloud is not a generation.
    const rows = await handle.db.select().from(aiUsageEvents);
    expect(rows.every((row) => row.kind === "chat")).toBe(true);
  });

  it("checks the message as the user before a Dify that reads any id, and overwrites user in the JSON", async () => {
    seen.length = 0;
    const refused = await speak("mallory", "fake-dify", { message_id: ALICE_MESSAGE, conversation_id: ALICE_CONVERSATION, user: "alice" });
    expect(refused.status).toBe(404);
    expect(seen.map((item) => item.path)).toEqual(["/messages"]);
    expect(seen[0]!.query.get("user")).toBe("mallory");

    seen.length = 0;
    const allowed = await speak("alice", "fake-dify", { message_id: ALICE_MESSAGE, conversation_id: ALICE_CONVERSATION, user: "mallory", voice: "v1", streaming: true, extra: 1 });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toBe("audio/mpeg");
    expect([...new Uint8Array(await allowed.arrayBuffer())]).toEqual([0xff, 0xfb, 1, 2, 3, 4]);
    expect(seen.at(-1)!.json).toEqual({ message_id: ALICE_MESSAGE, voice: "v1", user: "alice" });
  });

  it("validates the body and passes only audio back", async () => {
    const user = randomUUID();
    expect(await (await speak(user, "demo-chat", {})).json()).toEqual({ statusCode: 400, message: "请提供要朗读的消息或文字" });
    expect((await speak(user, "demo-chat", { text: "字".repeat(5001) })).status).toBe(400);
    expect(await (await speak(user, "demo-chat", { message_id: randomUUID() })).json()).toEqual({ statusCode: 400, message: "朗读消息时请提供对话 ID" });
    expect((await speak(user, "demo-chat", { message_id: "../../x", conversation_id: "c" })).status).toBe(400);
    expect(await (await speak(user, "demo-workflow", { text: "你好" })).json()).toMatchObject({ statusCode: 400, message: "该应用未开启语音朗读" });
    expect((await speak(user, "fake-dify", { text: "not-audio" })).status).toBe(502);
    const text = await speak(user, "demo-completion", { text: "你好" });
    expect(text.status).toBe(400);
  });
});
