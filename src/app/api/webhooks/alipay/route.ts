import { getAlipaySetup, handleAlipayNotifyRequest } from "@/features/billing/server";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Alipay 异步通知: RSA2-verified, order / amount / app_id checked; answers the plain text success or fail. */
export async function POST(request: Request): Promise<Response> {
  return handleAlipayNotifyRequest(request, getAlipaySetup(), await getDatabase());
}
