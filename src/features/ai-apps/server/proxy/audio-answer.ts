import { jsonError, MESSAGES } from "./errors";

/**
 * Relays text-to-audio's bytes as they arrive (Dify streams `audio/mpeg` for long texts), with their
 * audio type; `done` (the call's timers) runs when the body ends, fails or the browser cancels it.
 * Anything but audio is not passed on to the page.
 */
export function relayAudio(upstream: Response, done: () => void): Response {
  const type = upstream.headers.get("content-type") ?? "";
  if (!/^audio\//i.test(type) || !upstream.body) {
    done();
    void upstream.body?.cancel().catch(() => undefined);
    return jsonError(502, MESSAGES.badUpstream);
  }
  const reader = upstream.body.getReader();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          finish();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  const headers = new Headers({ "Content-Type": type, "Cache-Control": "no-store" });
  // fetch has already decoded a compressed body, so its Content-Length would be the encoded one.
  const length = upstream.headers.get("content-length");
  if (length && !upstream.headers.has("content-encoding")) headers.set("Content-Length", length);
  return new Response(body, { status: 200, headers });
}
