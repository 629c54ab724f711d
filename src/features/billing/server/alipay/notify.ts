import { readCappedText } from "@/lib/api/capped-body";
import type { Database } from "@/lib/db";
import type { AlipaySetup } from "./config";
import { settleAlipayTrade, tradeReportOf, type SettleOutcome } from "./settle-trade";

/** The largest notification we read: Alipay's are about 1-2 KB. */
const MAX_NOTIFY_BYTES = 16 * 1024;

export type AlipayNotifyResult = { answer: "success" | "fail"; outcome: SettleOutcome | "bad_signature" | "wrong_app" | "too_large" };

/**
 * 异步通知 (`POST /api/webhooks/alipay`, form-encoded). The RSA2 signature is verified with the
 * Alipay public key over the decoded parameters (sorted, without sign / sign_type) by the SDK,
 * then app_id, our order id and the exact amount are checked before the order is settled.
 * Alipay retries until it reads the plain text `success`; refused notifications get `fail`.
 */
export async function handleAlipayNotification(db: Database, setup: AlipaySetup, body: string, now = new Date()): Promise<AlipayNotifyResult> {
  if (Buffer.byteLength(body) > MAX_NOTIFY_BYTES) return { answer: "fail", outcome: "too_large" };
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) params[key] = value;

  // V2 verifies the values as they arrived (already form-decoded) instead of decoding them again.
  if (!setup.sdk.checkNotifySignV2(params)) return { answer: "fail", outcome: "bad_signature" };
  if (params.app_id !== setup.appId) return { answer: "fail", outcome: "wrong_app" };

  const outcome = await settleAlipayTrade(db, tradeReportOf(params), now);
  const accepted = outcome === "activated" || outcome === "duplicate" || outcome === "waiting" || outcome === "closed";
  return { answer: accepted ? "success" : "fail", outcome };
}

/** The route's response: plain text, as Alipay expects (`fail` also when Alipay is not configured). */
export async function handleAlipayNotifyRequest(request: Request, setup: AlipaySetup | null, db: Database): Promise<Response> {
  const text = (answer: string) => new Response(answer, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  if (!setup) return text("fail");
  const body = await readCappedText(request, MAX_NOTIFY_BYTES);
  if (body === null) return text("fail");
  const { answer } = await handleAlipayNotification(db, setup, body);
  return text(answer);
}
