import type { Database } from "@/lib/db";
import { z } from "@/lib/zod";
import { signedHeadersOf, type WechatPayClient } from "./client";
import { applyRefundResult, RefundRefused, type WechatPayRefund } from "./refunds";
import { decryptResource } from "./signatures";
import { settleWechatPayTransaction, TransactionRefused, type WechatPayTransaction } from "./settle-transaction";

/** WeChat signs notifications with a timestamp; older than this (or as far in the future) is refused as a replay. */
export const NOTIFICATION_MAX_AGE_SECONDS = 5 * 60;
const MAX_BODY_BYTES = 64 * 1024;

const notificationSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.literal("encrypt-resource"),
  resource: z.object({ algorithm: z.literal("AEAD_AES_256_GCM"), ciphertext: z.string(), nonce: z.string(), associated_data: z.string().optional(), original_type: z.string().optional() }),
});

/** Refusals in WeChat's format; WeChat retries any non-2xx, which is what a transient failure wants. */
const fail = (status: number, message: string) => Response.json({ code: "FAIL", message }, { status });

/**
 * `POST /api/webhooks/wechat-pay`: a payment (TRANSACTION.SUCCESS) or refund (REFUND.*) notification.
 * Checked in this order before anything changes: size, Wechatpay-Timestamp within 5 minutes, the
 * RSA signature with the platform key named by Wechatpay-Serial, the AES-256-GCM decryption with
 * the API v3 key, then the content (mchid, appid, our order, the exact amount). Accepted → 204;
 * a repeat of an applied notification changes nothing and is accepted too.
 */
export async function handleWechatPayNotification(request: Request, client: WechatPayClient | null, db: Database, now = new Date()): Promise<Response> {
  if (!client) return fail(503, "未配置微信支付");
  const body = await request.text();
  if (Buffer.byteLength(body, "utf8") > MAX_BODY_BYTES) return fail(413, "通知过大");
  const headers = signedHeadersOf(request.headers);
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > NOTIFICATION_MAX_AGE_SECONDS) return fail(401, "通知时间戳已过期");
  let verified = false;
  try {
    verified = await client.verify(headers, body);
  } catch {
    return fail(500, "暂时无法获取微信支付平台证书");
  }
  if (!verified) return fail(401, "签名无效");

  let notification: z.infer<typeof notificationSchema>;
  let resource: unknown;
  try {
    notification = notificationSchema.parse(JSON.parse(body));
    resource = JSON.parse(decryptResource(notification.resource, client.setup.apiV3Key));
  } catch {
    return fail(400, "通知内容无法解密");
  }

  try {
    if (notification.event_type === "TRANSACTION.SUCCESS") {
      await settleWechatPayTransaction(db, client.setup, resource as WechatPayTransaction, now);
    } else if (notification.event_type.startsWith("REFUND.")) {
      await applyRefundResult(db, client.setup, resource as WechatPayRefund, now);
    }
    // Other event types are acknowledged and ignored.
    return new Response(null, { status: 204 });
  } catch (error) {
    if (error instanceof TransactionRefused || error instanceof RefundRefused) return fail(error.status, error.message);
    console.error("处理微信支付通知失败", error instanceof Error ? error.message : error);
    return fail(500, "处理失败，请稍后重试");
  }
}
