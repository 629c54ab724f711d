import { handlePaymentNotification } from "@/features/billing/server";

export const dynamic = "force-dynamic";

/** Alipay 异步通知: RSA2-verified, order / amount / app_id checked; answers the plain text success or fail. */
export const POST = (request: Request) => handlePaymentNotification("alipay", request);
