import { onDrain } from "@/lib/lifecycle.mjs";
import { processSingleton } from "@/lib/process-singleton";

/** One relayed answer as a draining process sees it: ending it resolves once its usage is recorded. */
export type DrainableStream = { end: () => Promise<void> };

/**
 * The answers this process is relaying, for a graceful restart (server.mjs on SIGTERM): they may
 * finish within SHUTDOWN_DRAIN_SECONDS, and the rest are ended by the relay itself (an SSE `error`
 * in Chinese, what was generated billed), before the write-behind buffers are flushed.
 */
function streams(): Set<DrainableStream> {
  return processSingleton("sparkai.ai-apps.draining-streams", () => {
    const running = new Set<DrainableStream>();
    onDrain({
      busy: () => running.size,
      stop: async () => {
        await Promise.all([...running].map((stream) => stream.end()));
      },
    });
    return running;
  });
}

/** Registers a running answer; answers its unregister. */
export function trackStream(stream: DrainableStream): () => void {
  streams().add(stream);
  return () => streams().delete(stream);
}
