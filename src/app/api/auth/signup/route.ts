import { cookies } from "next/headers";
import { signUpBodySchema } from "@/features/auth";
import { signUp } from "@/features/auth/server";
import { DEVICE_COOKIE, INVITE_COOKIE } from "@/features/invitations";
import { claimInvitation } from "@/features/invitations/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";

export const POST = withApiErrors(async (request) => {
  const body = await parseJsonBody(request, signUpBodySchema);
  const result = await signUp(body);
  const cookieStore = await cookies();
  const invite = cookieStore.get(INVITE_COOKIE)?.value;
  if (result.user && invite) {
    await claimInvitation(await getDatabase(), result.user, invite, { ip: visitorIp(request.headers) ?? null, deviceCookie: cookieStore.get(DEVICE_COOKIE)?.value });
    cookieStore.delete(INVITE_COOKIE);
  }
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
});
