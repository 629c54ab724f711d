import "server-only";
import { postWalletEntry, walletBalance, walletLedgerEntries } from "@/features/wallet/server";
import { ApiRouteError, parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminRoute } from "../../server/admin-api";
import { loadUser } from "../../server/admin-user-lookup";
import { isUserId } from "../../server/admin-users";
import { walletAdjustBody } from "../schemas";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

function requireUserId(id: string | undefined): string {
  if (!id || !isUserId(id)) throw new ApiRouteError(404, "用户不存在");
  return id;
}

/** 余额与流水: `GET users/{id}/wallet`, `POST users/{id}/wallet/adjust` (a ledger "grant" with the reason, audited). */
export const walletRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^users\/([^/]+)\/wallet$/,
    write: false,
    handle: async (_request, [id]) => {
      const userId = requireUserId(id);
      const db = await getDatabase();
      return json({ balanceFen: await walletBalance(db, userId), entries: await walletLedgerEntries(db, userId, 100) });
    },
  },
  {
    method: "POST",
    pattern: /^users\/([^/]+)\/wallet\/adjust$/,
    write: true,
    handle: async (request, [id], admin) => {
      const body = await parseJsonBody(request, walletAdjustBody);
      // Only an existing account gets a balance: a typo in the id must not open one for nobody.
      const userId = (await loadUser(requireUserId(id))).id;
      const db = await getDatabase();
      const cause = `${body.amountFen > 0 ? "运营赠送" : "运营扣减"}：${body.reason}`;
      const posted = await postWalletEntry(db, { userId, kind: "grant", amountFen: body.amountFen, cause, actorId: admin.userId });
      if (posted.outcome !== "posted") throw new ApiRouteError(409, `余额不足：当前余额 ${posted.balanceFen} 分，调整后不能为负`);
      await recordAdminAction(db, {
        actorId: admin.userId,
        action: "wallet.adjust",
        targetUserId: userId,
        before: { balanceFen: posted.balanceFen - posted.postedFen },
        after: { balanceFen: posted.balanceFen, amountFen: body.amountFen, reason: body.reason },
        ip: visitorIp(request.headers) ?? null,
      });
      return json({ balanceFen: posted.balanceFen, entryId: posted.entryId });
    },
  },
];
