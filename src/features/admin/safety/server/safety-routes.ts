import "server-only";
import { z } from "@/lib/zod";
import { ApiRouteError, parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { addWords, banPolicyBody, banPolicyFromEnv, deleteWord, getWordList, hitsCsv, listHits, listWords, loadBanPolicyOverrides, saveBanPolicy } from "@/features/content-safety/server";
import type { AdminRoute } from "../../server/admin-api";
import { recordAdminAction } from "../../server/admin-audit";
import { parseHitQuery } from "../hit-query";

const noStore = { "Cache-Control": "private, no-store" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One entry a line, as typed or read from an imported text file. */
const addBody = z.object({ lines: z.array(z.string().max(1000)).min(1, "请至少填写一个词条").max(10_000, "一次最多导入 10000 条") }).strict();
const filtersOf = (request: Request) => parseHitQuery((key) => new URL(request.url).searchParams.get(key)?.slice(0, 100) ?? undefined).filters;

/** 内容安全: the repeated-hit ban, the hits (JSON and CSV) and the built-in word list (list, add / import, delete). */
export const safetyRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^safety\/ban-policy$/,
    write: false,
    handle: async () => Response.json({ overrides: await loadBanPolicyOverrides(await getDatabase()), env: banPolicyFromEnv() }, { headers: noStore }),
  },
  {
    method: "POST",
    pattern: /^safety\/ban-policy$/,
    write: true,
    handle: async (request, _match, admin) => {
      const input = await parseJsonBody(request, banPolicyBody);
      const db = await getDatabase();
      const before = await loadBanPolicyOverrides(db);
      await saveBanPolicy(db, input, admin.userId);
      const after = await loadBanPolicyOverrides(db);
      await recordAdminAction(db, { actorId: admin.userId, action: "moderation.ban_policy.update", targetUserId: null, before: { ...before }, after: { ...after }, ip: visitorIp(request.headers) ?? null });
      return Response.json({ overrides: after, env: banPolicyFromEnv() }, { headers: noStore });
    },
  },
  {
    method: "GET",
    pattern: /^safety\/hits$/,
    write: false,
    handle: async (request) => Response.json({ hits: await listHits(await getDatabase(), filtersOf(request)) }, { headers: noStore }),
  },
  {
    method: "GET",
    pattern: /^safety\/hits\.csv$/,
    write: false,
    handle: async (request) =>
      new Response(hitsCsv(await listHits(await getDatabase(), filtersOf(request), 50_000)), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="moderation-hits.csv"', ...noStore },
      }),
  },
  {
    method: "GET",
    pattern: /^safety\/words$/,
    write: false,
    handle: async () => {
      // The list is seeded on first use: an operator sees the seeded entries before the first AI call.
      await getWordList().matcher();
      return Response.json({ words: await listWords(await getDatabase()) }, { headers: noStore });
    },
  },
  {
    method: "POST",
    pattern: /^safety\/words$/,
    write: true,
    handle: async (request, _match, admin) => {
      const { lines } = await parseJsonBody(request, addBody);
      const db = await getDatabase();
      const result = await addWords(db, lines, admin.userId);
      getWordList().invalidate();
      await recordAdminAction(db, { actorId: admin.userId, action: "moderation.words.add", targetUserId: null, after: { added: result.added, existing: result.existing }, ip: visitorIp(request.headers) ?? null });
      return Response.json(result, { headers: noStore });
    },
  },
  {
    method: "DELETE",
    pattern: /^safety\/words\/([^/]+)$/,
    write: true,
    handle: async (request, [id], admin) => {
      if (!UUID.test(id!)) throw new ApiRouteError(404, "词条不存在");
      const db = await getDatabase();
      if (!(await deleteWord(db, id!))) throw new ApiRouteError(404, "词条不存在");
      getWordList().invalidate();
      await recordAdminAction(db, { actorId: admin.userId, action: "moderation.words.delete", targetUserId: null, before: { id }, ip: visitorIp(request.headers) ?? null });
      return Response.json({ ok: true }, { headers: noStore });
    },
  },
];
