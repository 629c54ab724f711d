import { dismissAnnouncement } from "@/features/announcements/server";
import { requireCurrentUserId } from "@/features/auth/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { z } from "@/lib/zod";

type Context = { params: Promise<{ id: string }> };

/** 关闭 a 站内公告 for the signed-in user: `POST /api/announcements/{id}/dismiss {}` → 204. */
export const POST = withApiErrors(async (request: Request, { params }: Context) => {
  const userId = await requireCurrentUserId();
  await parseJsonBody(request, z.object({}).strict());
  await dismissAnnouncement(await getDatabase(), userId, (await params).id);
  return new Response(null, { status: 204 });
});
