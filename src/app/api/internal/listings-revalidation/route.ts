import { isOwnRevalidationRequest, revalidateListings } from "@/features/marketing/server";

export const dynamic = "force-dynamic";

/** The process asking itself to revalidate the listing pages (revalidateListingsInThisProcess). */
export async function POST(request: Request): Promise<Response> {
  if (!isOwnRevalidationRequest(request.headers)) return Response.json({ statusCode: 404, message: "页面不存在" }, { status: 404 });
  revalidateListings();
  return new Response(null, { status: 204 });
}
