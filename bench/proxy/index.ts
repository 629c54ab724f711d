import path from "node:path";
import { Worker } from "node:worker_threads";
import { DEMO_CHAT_KEY } from "@/embedded/dify";
import { DEMO_PROVIDER_KEY } from "@/embedded/model-provider";
import { demoRegistryApps } from "@/features/ai-apps/server/config";
import { createDifyProxy } from "@/features/ai-apps/server/proxy/handler";
import { serveProxy } from "@/features/ai-apps/server/proxy/testing";
import { seedAppRegistry } from "@/features/ai-apps/server/registry";
import { openDatabase } from "@/lib/db/open";
import type { BenchApp } from "./browser-path";
import { browserPathOnBothDatabases, developerApiRounds } from "./browser-rounds";
import { ENDS_WITH_DONE, ENDS_WITH_MESSAGE_END, formatPhase, percentile, runPhase } from "./phase";

/**
 * N concurrent streamed chats (BENCH_CONCURRENCY, default 200) straight to the demo Dify app vs
 * through the proxy core, both over loopback HTTP started here. Prints the total-time ratio, the
 * first-event delay p50 of both, and peak RSS (of the whole process: proxy + upstream thread). Targets: total ≤ 1.05 × direct, first event ≤ direct + 5 ms.
 * Then the browser's path (browser-rounds.ts) on PGlite and PostgreSQL, beside Dify's front end.
 * `BENCH_PROXY_MODE=model`: a model app instead — the browser's path to the demo OpenAI-compatible
 * provider (on its own thread) against calling that provider directly.
 * `BENCH_PROXY_MODE=api`: the developer API — `/v1/chat/completions` streams with an API key against
 * the same chats sent to the upstream directly.
 */
/**
 * Answers of about BENCH_ANSWER_CHARS characters (default 2000, the demo app's cap) in events of
 * BENCH_EVENT_CHARS characters (default 7): ≈ 300 events a chat, as in issue 32's measurement of
 * Dify's front end. `BENCH_ANSWER_CHARS=0 BENCH_EVENT_CHARS=12`: the demo app's short answers (44 events).
 */
const ANSWER_CHARS = Number(process.env.BENCH_ANSWER_CHARS ?? 2000);
const EVENT_CHARS = Number(process.env.BENCH_EVENT_CHARS ?? 7);
const benchQuery = (index: number) => (ANSWER_CHARS > 0 ? `基准测试 ${index % 10}：写 ${ANSWER_CHARS} 字` : `基准测试 ${index % 10}`);
const USER = "00000000-0000-4000-8000-00000000be9c";

/** A model app against its provider called directly (a long answer: ~170 streamed chunks). */
async function modelAppBenchmark(providerUrl: string, count: number, rounds: number) {
  const query = "写一段 2000 字的基准测试说明";
  const direct = (index: number, signal: AbortSignal) =>
    fetch(`${providerUrl}/chat/completions`, {
      method: "POST",
      signal,
      headers: { Authorization: `Bearer ${DEMO_PROVIDER_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: "spark-swift", stream: true, stream_options: { include_usage: true }, messages: [{ role: "user", content: `${query} ${index % 10}` }] }),
    });
  const app: BenchApp = {
    entry: { appid: "bench-model", kind: "chat", name: "基准模型", provider: { baseUrl: providerUrl, apiKey: DEMO_PROVIDER_KEY }, models: [{ id: "spark-swift" }] },
    body: (index) => ({ query: `${query} ${index % 10}`, inputs: {}, response_mode: "streaming", auto_generate_name: false }),
  };
  await runPhase(Math.min(10, count), direct, ENDS_WITH_DONE); // warm-up
  await browserPathOnBothDatabases(app, { send: direct, endMarker: ENDS_WITH_DONE }, count, rounds);
}

export default async function proxyBenchmark() {
  const count = Number(process.env.BENCH_CONCURRENCY ?? 200);
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const mode = process.env.BENCH_PROXY_MODE === "model" ? "model" : process.env.BENCH_PROXY_MODE === "api" ? "api" : "dify";
  // The upstream runs on its own thread, as a real Dify would run in its own process.
  // Workers don't inherit tsx's loader: register it (CommonJS hooks) before loading the TS file.
  const workerFile = path.join(process.cwd(), "bench/proxy/upstream-worker.ts");
  const worker = new Worker(`require("tsx/cjs"); require(${JSON.stringify(workerFile)});`, { eval: true, workerData: { mode: mode === "model" ? "model" : "dify", chunkChars: EVENT_CHARS } });
  const upstreamUrl = await new Promise<string>((resolve, reject) => {
    worker.once("message", (message: { url: string }) => resolve(message.url));
    worker.once("error", reject);
  });
  const handle = await openDatabase({ kind: "pglite" });
  const [demoChat] = demoRegistryApps();
  await seedAppRegistry(handle.db, [{ ...demoChat!, appid: "bench-chat", upstreamBaseUrl: upstreamUrl }]);
  const proxy = createDifyProxy({ database: async () => handle.db });
  const proxyServer = await serveProxy(proxy);
  const body = (index: number) => JSON.stringify({ query: benchQuery(index), inputs: {}, response_mode: "streaming", user: USER });

  const direct = (index: number, signal: AbortSignal) =>
    fetch(`${upstreamUrl}/chat-messages`, { method: "POST", signal, headers: { Authorization: `Bearer ${DEMO_CHAT_KEY}`, "Content-Type": "application/json" }, body: body(index) });
  const proxied = (index: number, signal: AbortSignal) =>
    fetch(`${proxyServer.baseUrl}/chat-messages?appid=bench-chat`, { method: "POST", signal, headers: { "x-test-user": USER, "Content-Type": "application/json" }, body: body(index) });

  try {
    if (mode === "model") return await modelAppBenchmark(upstreamUrl, count, rounds);
    const difyApp: BenchApp = {
      entry: { appid: "bench-chat", kind: "chat", name: "基准测试", apiKey: DEMO_CHAT_KEY, baseUrl: upstreamUrl },
      body: (index) => ({ query: benchQuery(index), inputs: {}, response_mode: "streaming" }),
    };
    if (mode === "api") {
      await runPhase(Math.min(10, count), direct); // warm-up
      return await developerApiRounds(difyApp, { send: direct, endMarker: ENDS_WITH_MESSAGE_END }, count, rounds);
    }
    await runPhase(Math.min(10, count), direct); // warm-up
    await runPhase(Math.min(10, count), proxied);
    console.log(`${count} concurrent streamed chats (demo app, 30 ms pace${ANSWER_CHARS > 0 ? `, answers of ≈ ${ANSWER_CHARS} characters, ${EVENT_CHARS} an event` : ""}), loopback HTTP, ${rounds} rounds`);
    // Alternating rounds, compared by their medians: one round alone swings with GC and the machine.
    const ratios: number[] = [];
    const deltas: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const directPhase = await runPhase(count, direct);
      const proxyPhase = await runPhase(count, proxied);
      await proxy.idle();
      console.log(formatPhase(`direct ${round}`, directPhase));
      console.log(formatPhase(`proxy ${round}`, proxyPhase));
      ratios.push(proxyPhase.totalMs / directPhase.totalMs);
      deltas.push(proxyPhase.firstEventP50Ms - directPhase.firstEventP50Ms);
    }
    console.log(`ratio  total time proxy / direct, median:      ${percentile(ratios, 0.5).toFixed(3)} (rounds: ${ratios.map((ratio) => ratio.toFixed(3)).join(", ")}; target ≤ 1.05)`);
    console.log(`delta  first event p50 proxy − direct, median: ${percentile(deltas, 0.5).toFixed(1)} ms (target ≤ 5 ms)`);

    await browserPathOnBothDatabases(difyApp, { send: direct, endMarker: ENDS_WITH_MESSAGE_END }, count, rounds);
  } finally {
    await proxyServer.close();
    worker.postMessage("stop");
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5_000);
      worker.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await handle.close();
  }
}
