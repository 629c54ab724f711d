import "server-only";
import { redeemablePlans } from "@/features/billing/server";
import { redeemBatchBodySchema } from "@/features/wallet";
import { createRedeemBatch, disableRedeemBatch, redeemBatchCsv } from "@/features/wallet/server";
import { ApiRouteError, parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminRoute } from "../../server/admin-api";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
const UUID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";

/** 兑换码: `POST redeem-batches` (create), `POST redeem-batches/{id}/disable`, `GET redeem-batches/{id}/codes.csv`; writes audited. */
export const redeemRoutes: AdminRoute[] = [
  {
    method: "POST",
    pattern: /^redeem-batches$/,
    write: true,
    handle: async (request, _match, admin) => {
      const body = await parseJsonBody(request, redeemBatchBodySchema);
      const db = await getDatabase();
      const batch = await createRedeemBatch(db, body, admin.userId, { plans: await redeemablePlans(db) });
      await recordAdminAction(db, { actorId: admin.userId, action: "redeem.batch_create", targetUserId: null, after: { batchId: batch.id, ...body }, ip: visitorIp(request.headers) ?? null });
      return json({ batch }, 201);
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^redeem-batches/${UUID}/disable$`),
    write: true,
    handle: async (request, [id], admin) => {
      const db = await getDatabase();
      if (!(await disableRedeemBatch(db, id!))) throw new ApiRouteError(404, "批次不存在或已停用");
      await recordAdminAction(db, { actorId: admin.userId, action: "redeem.batch_disable", targetUserId: null, after: { batchId: id }, ip: visitorIp(request.headers) ?? null });
      return json({ disabled: id });
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^redeem-batches/${UUID}/codes\\.csv$`),
    write: false,
    handle: async (_request, [id]) => {
      const db = await getDatabase();
      const csv = await redeemBatchCsv(db, id!, await redeemablePlans(db));
      if (csv === null) throw new ApiRouteError(404, "批次不存在");
      return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="redeem-${id}.csv"`, "Cache-Control": "private, no-store" } });
    },
  },
];
