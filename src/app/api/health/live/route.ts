import { livenessResponse } from "@/features/observability/server";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return livenessResponse();
}
