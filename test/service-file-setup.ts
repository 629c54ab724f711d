// The `service` project's files share one worker and its loaded packages (`isolate: false`): importing
// Next.js, PGlite, the AWS SDK and friends once per worker instead of once per file is most of what
// the suite used to spend. What a file must not inherit from the one before is reset here, around it:
// our own modules (fresh per file), the process singletons they keep on globalThis, the app's
// database, the environment, stubs, mocks and timers. Files that replace modules (`vi.mock`) still run
// isolated (project `service-isolated`, test/test-kinds.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { afterAll, vi } from "vitest";

// What `next start` sets up before anything else; some Next.js modules read it when first imported.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

vi.resetModules();
const envAtStart = { ...process.env };
const symbolsAtStart = new Set(Object.getOwnPropertySymbols(globalThis));

// Timers the file's code starts and leaves running — a background job's interval, its first run a
// minute later — would fire during a later file, on its database and its environment: cleared at the
// end. Short timeouts are left alone: they end by themselves, and Node's own fetch keeps a 1 s one.
const LONG_TIMEOUT_MS = 10_000;
const realSetTimeout = globalThis.setTimeout;
const realSetInterval = globalThis.setInterval;
const leftRunning = new Set<ReturnType<typeof setTimeout>>();
globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
  const timer = realSetInterval(...args);
  leftRunning.add(timer);
  return timer;
}) as typeof setInterval;
globalThis.setTimeout = Object.assign(
  (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    if (!(Number(delay) >= LONG_TIMEOUT_MS)) return realSetTimeout(callback, delay, ...args);
    const timer = realSetTimeout(
      (...callArgs: unknown[]) => {
        leftRunning.delete(timer);
        callback(...callArgs);
      },
      delay,
      ...args,
    );
    leftRunning.add(timer);
    return timer;
  },
  realSetTimeout, // keeps setTimeout[util.promisify.custom]
) as typeof setTimeout;

afterAll(async () => {
  globalThis.setTimeout = realSetTimeout;
  globalThis.setInterval = realSetInterval;
  for (const timer of leftRunning) clearTimeout(timer);
  // The app's database (src/lib/db/client.ts), when the file opened it: closing releases PGlite's lock.
  const { closeDatabase } = await import("@/lib/db/client");
  await closeDatabase();
  const holder = globalThis as unknown as Record<symbol, unknown>;
  for (const symbol of Object.getOwnPropertySymbols(globalThis)) {
    if (!symbolsAtStart.has(symbol) && Symbol.keyFor(symbol)?.startsWith("sparkai.")) delete holder[symbol];
  }
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
