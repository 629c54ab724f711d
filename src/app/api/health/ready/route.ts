import { readinessResponse } from "@/features/observability/server";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return readinessResponse();
}
