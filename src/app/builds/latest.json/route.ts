// The plain module, not the feature index: that one also carries client components.
import { currentBuildId, type LatestBuild } from "@/features/version";

export const dynamic = "force-dynamic";

/** The id of the build this server runs; open tabs poll it to notice a deploy. */
export function GET() {
  const body: LatestBuild = { id: currentBuildId };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
