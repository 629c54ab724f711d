import { signInBodySchema } from "@/features/auth";
import { signInWithPassword } from "@/features/auth/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";

export const POST = withApiErrors(async (request) => {
  const body = await parseJsonBody(request, signInBodySchema);
  return Response.json(await signInWithPassword(body), { headers: { "Cache-Control": "private, no-store" } });
});
