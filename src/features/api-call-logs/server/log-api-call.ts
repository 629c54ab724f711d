import { randomUUID } from "node:crypto";
import { apiCallLogs, type Database, type NewApiCallLog } from "@/lib/db";
import { logger } from "@/lib/log/logger.mjs";
import { currentRequestId, runInRequestContext } from "@/lib/net/request-context.mjs";
import { runNotingApiCall, type ApiCallNote } from "./call-note";

const CLIENT_CLOSED_REQUEST = 499;

/** OpenAI's error code from a refusal's body (`{error: {code}}`), read from a clone so the client still gets it. */
async function errorCodeOf(response: Response): Promise<string | null> {
  if (!response.headers.get("content-type")?.includes("application/json")) return null;
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === "string" ? body.error.code.slice(0, 64) : null;
  } catch {
    return null;
  }
}

/**
 * Runs a `/v1` handler and writes its 调用日志 row once the answer is over: at once for a refusal or a
 * JSON answer, at the end of a stream (so the duration is the whole answer's). A call whose key was
 * never recognised belongs to nobody and is not logged. The request runs in a request context (the
 * server gives every request one; a bare handler call, as in tests, gets a fresh id) so the AI
 * proxy's usage row carries the same request id.
 */
export async function logApiCall(request: Request, db: Database, endpoint: string, handler: () => Promise<Response>): Promise<Response> {
  const requestId = currentRequestId() ?? randomUUID();
  const started = Date.now();
  const note: ApiCallNote = {};
  const response = await runInRequestContext({ requestId }, () => runNotingApiCall(note, handler));
  if (!note.apiKeyId || !note.userId) return response;
  const row = (status: number, errorCode: string | null): NewApiCallLog => ({
    userId: note.userId!,
    apiKeyId: note.apiKeyId!,
    requestId,
    endpoint,
    model: note.model?.slice(0, 200) ?? null,
    appid: note.appid ?? null,
    status,
    errorCode,
    durationMs: Date.now() - started,
  });
  const write = (value: NewApiCallLog) =>
    db
      .insert(apiCallLogs)
      .values(value)
      .then(() => undefined)
      .catch((error: unknown) => logger().warn({ err: error, requestId }, "调用日志写入失败"));
  if (!response.ok || !response.body || !response.headers.get("content-type")?.includes("text/event-stream")) {
    await write(row(response.status, response.ok ? null : await errorCodeOf(response)));
    return response;
  }
  // A stream: logged when it ends (written before the last byte is released, so a client that has
  // read the whole answer finds the row) — with the failure's status if it broke off midway — or,
  // when the client goes away first, as nginx's 499 (client closed request).
  let logged = false;
  const once = (value: NewApiCallLog) => (logged ? Promise.resolve() : ((logged = true), write(value)));
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush: () => once(note.streamFailure ? row(note.streamFailure.status, note.streamFailure.code) : row(response.status, null)),
    }),
  );
  request.signal.addEventListener("abort", () => void once(row(CLIENT_CLOSED_REQUEST, "client_closed_request")), { once: true });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
