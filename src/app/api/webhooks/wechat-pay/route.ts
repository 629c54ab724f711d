import { handlePaymentNotification } from "@/features/billing/server";

export const dynamic = "force-dynamic";

/**
 * 微信支付 notifications (payments and refunds): signature, timestamp, decryption and the order's
 * amount are checked before anything changes; answered in WeChat's format (204, or {code:"FAIL"}).
 */
export const POST = (request: Request) => handlePaymentNotification("wechat_pay", request);
