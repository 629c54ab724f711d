import { phoneCodeBodySchema } from "@/features/auth";
import { sendPhoneCode } from "@/features/auth/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";

export const POST = withApiErrors(async (request) => {
  const { phone, captchaToken } = await parseJsonBody(request, phoneCodeBodySchema);
  await sendPhoneCode(phone, captchaToken);
  return Response.json({ ok: true });
});
