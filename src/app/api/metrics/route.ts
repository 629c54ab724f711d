import { metricsResponse } from "@/features/observability/server";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return metricsResponse(request);
}
