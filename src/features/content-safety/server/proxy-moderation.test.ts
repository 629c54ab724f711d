import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDifyProxy, type DifyProxy } from "@/features/ai-apps/server/proxy/handler";
import { parseSse, serveProxy } from "@/features/ai-apps/server/proxy/testing";
import { seedAppRegistry } from "@/features/ai-apps/server/registry";
import { openDatabase } from "@/lib/db/open";
import { aiUsageEvents, moderationHits } from "@/lib/db/schema";
import type { DatabaseHandle } from "@/lib/db/types";
import { SAFETY_COPY } from "../copy";
import { DEFAULT_WORDS } from "../providers/words/default-words";
import { createWordsProvider } from "../providers/words/provider";
import { WordListCache } from "../providers/words/store";
import { createProxyModeration } from "./proxy-moderation";

const WORD = DEFAULT_WORDS[0]!;
const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * A fake Dify whose chat answer runs until it is stopped: ordinary text, the listed word after ~300
 * characters (question 「坏回答」), then more text forever. It counts the calls and sees the stop call
 * and the connection close.
 */
function fakeDify() {
  const calls: string[] = [];
  const stops: string[] = [];
  let sentChars = 0;
  /** What the upstream keeps of each answer: all of it, as Dify does, whatever the proxy showed. */
  const history = new Map<string, string>();
  let closed!: () => void;
  const closedOnce = new Promise<void>((resolve) => (closed = resolve));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = req.url ?? "";
      calls.push(url);
      if (req.method === "GET" && url.startsWith("/v1/messages?")) {
        const data = [...history].map(([id, answer]) => ({ id, query: "问题", answer, agent_thoughts: [{ thought: answer }], retriever_resources: [], message_files: [] }));
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ limit: 20, has_more: false, data }));
        return;
      }
      const suggested = /^\/v1\/messages\/([^/]+)\/suggested/.exec(url);
      if (req.method === "GET" && suggested) {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ result: "success", data: [`${history.get(suggested[1]!) ?? ""}还有什么？`] }));
        return;
      }
      if (url.startsWith("/v1/text-to-audio")) {
        res.writeHead(200, { "Content-Type": "audio/mpeg" }).end(Buffer.from([1, 2, 3]));
        return;
      }
      if (url.endsWith("/stop")) {
        stops.push(url);
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"result":"success"}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { query: string; response_mode?: string };
      const ids = { task_id: randomUUID(), message_id: randomUUID(), conversation_id: randomUUID() };
      if (body.response_mode === "blocking") {
        const answer = body.query === "坏回答" ? `一段话，然后是${WORD}。` : "一段普通的回答。";
        history.set(ids.message_id, answer);
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ...ids, id: ids.message_id, answer, metadata: { usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 } } }));
        return;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      let index = 0;
      const ticker = setInterval(() => {
        index += 1;
        const bad = body.query === "坏回答" && index === 8;
        const answer = bad ? `这里是${WORD}。` : "一段普通的回答文字，内容平常。".repeat(3);
        sentChars += answer.length;
        history.set(ids.message_id, (history.get(ids.message_id) ?? "") + answer);
        if (body.query !== "坏回答" && index > 3) {
          clearInterval(ticker);
          res.end(frame({ event: "message", ...ids, answer }) + frame({ event: "message_end", ...ids, metadata: { usage: { prompt_tokens: 5, completion_tokens: 50, total_tokens: 55 } } }));
          return;
        }
        res.write(frame({ event: "message", ...ids, answer }));
      }, 5);
      res.on("close", () => {
        clearInterval(ticker);
        closed();
      });
    });
  });
  return {
    calls,
    stops,
    history,
    closed: closedOnce,
    sentChars: () => sentChars,
    listen: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}

let handle: DatabaseHandle;
let proxy: DifyProxy;
let server: Awaited<ReturnType<typeof serveProxy>>;
const upstream = fakeDify();
const admissions: string[] = [];
const settled: string[] = [];

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  const url = await upstream.listen();
  await seedAppRegistry(handle.db, [{ appid: "safe-chat", kind: "chat", name: "对话", description: "", icon: "🧪", upstreamBaseUrl: url, upstreamSecretKey: "key", enabled: true }]);
  const words = new WordListCache(async () => handle.db, undefined);
  const moderation = createProxyModeration({ database: async () => handle.db, provider: createWordsProvider(() => words.matcher()), timeoutMs: 2000, fail: "open" });
  proxy = createDifyProxy({
    database: async () => handle.db,
    moderation,
    beforeForward: ({ userId }) => {
      admissions.push(userId);
      return { settle: async () => void settled.push(userId) };
    },
  });
  server = await serveProxy(proxy);
});
afterAll(async () => {
  await server.close();
  await proxy.idle();
  await upstream.close();
  await handle.close();
});

const ask = (user: string, query: string, extra: Record<string, unknown> = {}) =>
  fetch(`${server.baseUrl}/chat-messages?appid=safe-chat`, {
    method: "POST",
    headers: { "x-test-user": user, "Content-Type": "application/json" },
    body: JSON.stringify({ query, inputs: {}, response_mode: "streaming", ...extra }),
  });

const hitsOf = (user: string) => handle.db.select().from(moderationHits).where(eq(moderationHits.userId, user));

describe("content safety in the AI proxy", () => {
  it("refuses a question with a listed word before admission: nothing reserved, the upstream never called, the hit recorded", async () => {
    const user = randomUUID();
    const before = upstream.calls.length;
    const response = await ask(user, `请讲讲 ${WORD.split("").join(" ")} 是什么`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, message: SAFETY_COPY.questionRefused, code: "content_filter" });
    await proxy.idle();
    expect(upstream.calls.length).toBe(before);
    expect(admissions).not.toContain(user);
    expect(await handle.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.userId, user))).toEqual([]);
    expect(await hitsOf(user)).toEqual([expect.objectContaining({ stage: "question", appid: "safe-chat", provider: "words", label: WORD, excerpt: expect.stringContaining(WORD) })]);
  });

  it("checks a workflow's inputs too", async () => {
    const user = randomUUID();
    const response = await ask(user, "普通的问题", { inputs: { topic: `关于${WORD}` } });
    expect(response.status).toBe(400);
    await response.body?.cancel();
  });

  it("lets a clean question through and relays the whole answer", async () => {
    const user = randomUUID();
    const response = await ask(user, "好问题");
    expect(response.status).toBe(200);
    const { events } = parseSse(await response.text());
    expect(events.at(-1)).toMatchObject({ event: "message_end" });
    expect(events.some((event) => event.event === "message_replace")).toBe(false);
    await proxy.idle();
    expect(await hitsOf(user)).toEqual([]);
  });

  it("cuts an answer that turns bad mid-stream: upstream stopped, the notice replaces it, the usage so far counted", async () => {
    const user = randomUUID();
    const response = await ask(user, "坏回答");
    expect(response.status).toBe(200);
    const { events } = parseSse(await response.text());
    const replace = events.find((event) => event.event === "message_replace");
    expect(replace).toMatchObject({ answer: SAFETY_COPY.answerReplaced, reason: "output_moderation" });
    expect(events.at(-1)).toMatchObject({ event: "message_end", message_id: replace!.message_id });
    // Within one window of the word (200 characters and the check) the answer ends: the notice, then its end.
    const shown = events.filter((event) => event.event === "message").map((event) => event.answer as string).join("");
    expect(shown.length - shown.indexOf(WORD)).toBeLessThan(260);
    expect(events.slice(events.indexOf(replace!)).map((event) => event.event)).toEqual(["message_replace", "message_end"]);
    await upstream.closed;
    await proxy.idle();
    expect(upstream.stops).toHaveLength(1);
    // The upstream was stopped well before it would have stopped by itself (it never does on 坏回答).
    expect(upstream.sentChars()).toBeLessThan(2000);
    const [usage] = await handle.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.userId, user));
    expect(usage).toMatchObject({ estimated: true, messageId: replace!.message_id });
    expect(usage!.completionTokens).toBeGreaterThan(100);
    expect(settled).toContain(user);
    expect(await hitsOf(user)).toEqual([expect.objectContaining({ stage: "answer", label: WORD })]);
  });

  it("replaces a blocking answer with a listed word by the notice, its usage still counted", async () => {
    const user = randomUUID();
    const response = await ask(user, "坏回答", { response_mode: "blocking" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { answer: string; message_id: string };
    expect(body.answer).toBe(SAFETY_COPY.answerReplaced);
    await proxy.idle();
    expect(await handle.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.userId, user))).toEqual([expect.objectContaining({ totalTokens: 14, messageId: body.message_id })]);
    expect(await hitsOf(user)).toEqual([expect.objectContaining({ stage: "answer" })]);
  });

  it("shows the notice, not the upstream's stored copy, when the history of a cut answer is read back; no suggestions, no read-aloud", async () => {
    const user = randomUUID();
    const cut = await ask(user, "坏回答");
    const replace = parseSse(await cut.text()).events.find((event) => event.event === "message_replace")!;
    const clean = await ask(user, "好问题");
    const cleanEnd = parseSse(await clean.text()).events.at(-1)!;
    await proxy.idle();
    const blockedId = replace.message_id as string;
    expect(upstream.history.get(blockedId)).toContain(WORD);

    const read = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}/${path}`, { ...init, headers: { "x-test-user": user, "Content-Type": "application/json", ...init.headers } });
    const listed = (await (await read("messages?appid=safe-chat&conversation_id=c1")).json()) as { data: { id: string; answer: string; agent_thoughts: unknown[] }[] };
    const blocked = listed.data.find((message) => message.id === blockedId)!;
    expect(blocked).toMatchObject({ answer: SAFETY_COPY.answerReplaced, agent_thoughts: [] });
    expect(JSON.stringify(listed)).not.toContain(`这里是${WORD}`);
    expect(listed.data.find((message) => message.id === cleanEnd.message_id)?.answer).toContain("一段普通的回答");

    const suggested = (await (await read(`messages/${blockedId}/suggested?appid=safe-chat`)).json()) as { data: string[] };
    expect(suggested.data).toEqual([]);
    const cleanSuggested = (await (await read(`messages/${cleanEnd.message_id as string}/suggested?appid=safe-chat`)).json()) as { data: string[] };
    expect(cleanSuggested.data).toHaveLength(1);

    const aloud = await read("text-to-audio?appid=safe-chat", { method: "POST", body: JSON.stringify({ message_id: blockedId, conversation_id: "c1" }) });
    expect(aloud.status).toBe(400);
    expect(await aloud.json()).toMatchObject({ message: SAFETY_COPY.answerReplaced, code: "content_filter" });
  });

  it("remembers a cut blocking answer too", async () => {
    const user = randomUUID();
    const body = (await (await ask(user, "坏回答", { response_mode: "blocking" })).json()) as { message_id: string };
    await proxy.idle();
    const listed = (await (await fetch(`${server.baseUrl}/messages?appid=safe-chat&conversation_id=c1`, { headers: { "x-test-user": user } })).json()) as { data: { id: string; answer: string }[] };
    expect(listed.data.find((message) => message.id === body.message_id)?.answer).toBe(SAFETY_COPY.answerReplaced);
  });

  it("checks every turn of a model app's messages, not only the last user turn", async () => {
    const user = randomUUID();
    const before = upstream.calls.length;
    const messages = [
      { role: "user", content: `先说说${WORD}` },
      { role: "assistant", content: "好的。" },
      { role: "user", content: "继续" },
    ];
    const response = await ask(user, "继续", { messages });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "content_filter" });
    expect(upstream.calls.length).toBe(before);
  });

  it("checks the names of remote files and of file inputs, and lists in the inputs", async () => {
    const user = randomUUID();
    const named = `https://files.example.com/${encodeURIComponent(`${WORD}.pdf`)}`;
    const remote = await ask(user, "看看这个文件", { files: [{ type: "document", transfer_method: "remote_url", url: named }] });
    expect(remote.status).toBe(400);
    const fileInput = await ask(user, "看看这个文件", { inputs: { doc: { type: "document", transfer_method: "remote_url", url: named } } });
    expect(fileInput.status).toBe(400);
    const listInput = await ask(user, "普通的问题", { inputs: { tags: ["天气", WORD] } });
    expect(listInput.status).toBe(400);
    await Promise.all([remote, fileInput, listInput].map((response) => response.body?.cancel()));
  });
});
