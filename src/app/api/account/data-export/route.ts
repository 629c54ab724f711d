import { requireCurrentUserId } from "@/features/auth/server";
import { exportPersonalData } from "@/features/personal-data/server";
import { withApiErrors } from "@/lib/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** 下载我的数据: the signed-in user's own data as a ZIP (JSON + Markdown). */
export const GET = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  const { fileName, bytes } = await exportPersonalData(userId);
  // A copy typed as ArrayBuffer-backed (fflate returns ArrayBufferLike), as BodyInit wants.
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="personal-data.zip"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
    },
  });
});
