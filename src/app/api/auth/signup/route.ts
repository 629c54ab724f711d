import { signUpBodySchema } from "@/features/auth";
import { signUp } from "@/features/auth/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";

export const POST = withApiErrors(async (request) => {
  const body = await parseJsonBody(request, signUpBodySchema);
  return Response.json(await signUp(body), { headers: { "Cache-Control": "private, no-store" } });
});
