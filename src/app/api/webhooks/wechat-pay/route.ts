import { getWechatPay, handleWechatPayNotification } from "@/features/billing/server";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/**
 * 微信支付 notifications (payments and refunds): signature, timestamp, decryption and the order's
 * amount are checked before anything changes; answered in WeChat's format (204, or {code:"FAIL"}).
 */
export async function POST(request: Request): Promise<Response> {
  try {
    return await handleWechatPayNotification(request, getWechatPay(), await getDatabase());
  } catch (error) {
    console.error("微信支付通知处理异常", error instanceof Error ? error.message : error);
    return Response.json({ code: "FAIL", message: "处理失败，请稍后重试" }, { status: 500 });
  }
}
