import { isOwnRevalidationRequest, revalidateSiteWide } from "@/features/marketing/server";

export const dynamic = "force-dynamic";

/**
 * The process asking itself to revalidate (revalidateListingsInThisProcess): at start-up and after another
 * process's change. Every prerendered page, not only the listings: the footer's filings may have changed too.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isOwnRevalidationRequest(request.headers)) return Response.json({ statusCode: 404, message: "页面不存在" }, { status: 404 });
  revalidateSiteWide();
  return new Response(null, { status: 204 });
}
