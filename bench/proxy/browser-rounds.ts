import { samplePeakRss } from "../lib/process-memory";
import { startPostgresServer } from "../../test/postgres-server";
import { startBrowserPath, type BenchApp, type BrowserPath } from "./browser-path";
import { printAgainstDifyFrontEnd } from "./dify-front-end";
import { ENDS_WITH_DONE, formatPhase, percentile, runPhase, type Send } from "./phase";

export type Direct = { send: Send; endMarker: string };

/** The concurrencies measured: 20 (issue 32's first-event target) and `count` (200 by default). */
const concurrencies = (count: number) => [...new Set([Math.min(20, count), count])];

/**
 * Rounds of `concurrent` chats: direct, then the same chats along `chat` (with the server's CPU and
 * peak memory), alternating so that both see the same machine; the medians, beside Dify's front end.
 */
/** What is measured against direct: its title, the name of its rows in the log, how a chat is sent and how its answer ends. */
type Measured = { title: string; rowName: string; chat: Send; endMarker: string };

async function measureAgainstDirect({ title, rowName, chat, endMarker }: Measured, path: BrowserPath, direct: Direct, concurrent: number, rounds: number) {
  const ratios: number[] = [];
  const deltas: number[] = [];
  const cpuPerChat: number[] = [];
  let eventsPerChat = 0;
  let peakMemoryMb = 0;
  for (let round = 1; round <= rounds; round += 1) {
    const directPhase = await runPhase(concurrent, direct.send, direct.endMarker);
    const cpuBefore = path.serverCpuMs();
    const memory = samplePeakRss(path.server.pid);
    const phase = await runPhase(concurrent, chat, endMarker);
    peakMemoryMb = Math.max(peakMemoryMb, memory.stop());
    cpuPerChat.push((path.serverCpuMs() - cpuBefore) / concurrent);
    eventsPerChat = phase.eventsPerChat;
    console.log(formatPhase(`direct ${round}`, directPhase));
    console.log(formatPhase(`${rowName} ${round}`, phase));
    ratios.push(phase.totalMs / directPhase.totalMs);
    deltas.push(phase.firstEventP50Ms - directPhase.firstEventP50Ms);
  }
  printAgainstDifyFrontEnd(`${title} (medians of ${rounds} rounds)`, {
    concurrent,
    totalOverDirect: percentile(ratios, 0.5),
    firstEventOverDirectMs: percentile(deltas, 0.5),
    serverCpuPerChatMs: percentile(cpuPerChat, 0.5),
    eventsPerChat,
    serverPeakMemoryMb: peakMemoryMb,
  });
}

/**
 * The browser's path (browser-path.ts: `npm start`, signed-in cookies, the route, the quota) on one
 * database, at 20 and `count` chats at once, against the same chats sent to the upstream directly.
 */
async function browserPathRounds(app: BenchApp, direct: Direct, count: number, rounds: number, database: { label: string; url?: string }) {
  const path = await startBrowserPath(app, count, database.url);
  try {
    await runPhase(Math.min(10, count), path.chat); // warm-up
    for (const concurrent of concurrencies(count)) {
      const measured = { title: `browser path to ${app.entry.appid} on ${database.label}`, rowName: "browser", chat: path.chat, endMarker: direct.endMarker };
      await measureAgainstDirect(measured, path, direct, concurrent, rounds);
    }
  } finally {
    await path.server.stop();
  }
}

/** The browser's path on PGlite, then on a throwaway PostgreSQL (what a busy site runs on). */
export async function browserPathOnBothDatabases(app: BenchApp, direct: Direct, count: number, rounds: number) {
  await browserPathRounds(app, direct, count, rounds, { label: "PGlite" });
  const postgres = await startPostgresServer();
  if ("skipped" in postgres) console.log(`browser path on PostgreSQL skipped: ${postgres.skipped}`);
  else {
    try {
      await browserPathRounds(app, direct, count, rounds, { label: "PostgreSQL", url: postgres.url });
    } finally {
      await postgres.stop();
    }
  }
}

/**
 * The developer API (`/v1/chat/completions` with an API key, PGlite) against the same chats sent to
 * the upstream directly: the key check and the translation of every event into OpenAI chunks on top
 * of the page's path.
 */
export async function developerApiRounds(app: BenchApp, direct: Direct, count: number, rounds: number) {
  const path = await startBrowserPath(app, count);
  try {
    await runPhase(Math.min(10, count), path.apiChat, ENDS_WITH_DONE); // warm-up
    for (const concurrent of concurrencies(count)) {
      const measured = { title: `developer API (/v1) to ${app.entry.appid} on PGlite`, rowName: "api", chat: path.apiChat, endMarker: ENDS_WITH_DONE };
      await measureAgainstDirect(measured, path, direct, concurrent, rounds);
    }
  } finally {
    await path.server.stop();
  }
}
