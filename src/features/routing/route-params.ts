import { notFound } from "next/navigation";
import type { z } from "@/lib/zod";

/**
 * Validates a dynamic route's params. A failure is a 404 that the segment's `not-found.tsx` shows as
 * "Page Not Found: {fullPath}" (SPEC §8), distinct from an unknown route's "Page not found: {path}".
 */
export function parseRouteParams<T>(schema: z.ZodType<T>, params: unknown): T {
  const result = schema.safeParse(params);
  if (!result.success) notFound();
  return result.data;
}
