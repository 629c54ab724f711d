import "server-only";
import { siteUrl } from "@/features/auth/server";
import { ApiRouteError, apiErrorResponse, parseJsonBody, unknownApiRouteResponse } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { z } from "@/lib/zod";
import { BAN_DURATIONS, type BanLength } from "../types";
import { resolveAdmin, type AdminSession } from "./admin-access";
import { ADMIN_SESSION_FRESH_MS, isFreshSession, REAUTHENTICATE_MESSAGE } from "./admin-freshness";
import { removeUserFactor, sendRecoveryMail, setUserBan, type AdminActor } from "./admin-user-actions";
import { listAdminActions } from "./admin-audit";
import { isUserId, searchUsers } from "./admin-users";
import { quotaRoutes } from "../quota/server/quota-routes";
import { usageRoutes } from "../usage/server/usage-routes";

export type AdminApiOptions = {
  /** The clock of the freshness check (tests move it). */
  now?: () => Date;
  freshForMs?: number;
};

export type AdminRoute = Route;
type Route = {
  method: string;
  pattern: RegExp;
  /** Writes need a session signed in within `freshForMs`. */
  write: boolean;
  handle: (request: Request, match: string[], admin: AdminSession) => Promise<Response>;
};

const banBody = z.object({ length: z.enum(Object.keys(BAN_DURATIONS) as [BanLength, ...BanLength[]]) }).strict();
const emptyBody = z.object({}).strict();

const actorOf = (request: Request, admin: AdminSession): AdminActor => ({ userId: admin.userId, ip: visitorIp(request.headers) ?? null });
const noStore = { "Cache-Control": "private, no-store" };
const json = (body: unknown) => Response.json(body, { headers: noStore });

const pageParam = (url: URL) => Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));

const routes: Route[] = [
  ...quotaRoutes,
  ...usageRoutes,
  {
    method: "GET",
    pattern: /^users$/,
    write: false,
    handle: async (request) => {
      const url = new URL(request.url);
      return json(await searchUsers(await getDatabase(), { query: (url.searchParams.get("q") ?? "").slice(0, 200), page: pageParam(url) }));
    },
  },
  {
    method: "GET",
    pattern: /^audit$/,
    write: false,
    handle: async (request) => {
      const url = new URL(request.url);
      const user = url.searchParams.get("user") ?? "";
      return json(await listAdminActions(await getDatabase(), { page: pageParam(url), targetUserId: isUserId(user) ? user : undefined }));
    },
  },
  {
    method: "POST",
    pattern: /^users\/([^/]+)\/ban$/,
    write: true,
    handle: async (request, [userId], admin) => {
      const { length } = await parseJsonBody(request, banBody);
      return json(await setUserBan(await getDatabase(), actorOf(request, admin), userId!, length));
    },
  },
  {
    method: "POST",
    pattern: /^users\/([^/]+)\/unban$/,
    write: true,
    handle: async (request, [userId], admin) => {
      await parseJsonBody(request, emptyBody);
      return json(await setUserBan(await getDatabase(), actorOf(request, admin), userId!, null));
    },
  },
  {
    method: "DELETE",
    pattern: /^users\/([^/]+)\/factors\/([^/]+)$/,
    write: true,
    handle: async (request, [userId, factorId], admin) => {
      await removeUserFactor(await getDatabase(), actorOf(request, admin), userId!, factorId!);
      return json({ ok: true });
    },
  },
  {
    method: "POST",
    pattern: /^users\/([^/]+)\/recovery-mail$/,
    write: true,
    handle: async (request, [userId], admin) => {
      await parseJsonBody(request, emptyBody);
      const redirectTo = await siteUrl("/auth/callback?type=recovery");
      return json(await sendRecoveryMail(await getDatabase(), actorOf(request, admin), userId!, redirectTo));
    },
  },
];

/**
 * `/api/admin/**` in one handler: first who asks — anyone but a live operator gets exactly what an
 * unknown API URL answers (so nothing tells the console exists), whatever the path or method —
 * then the route, and for writes the session's freshness (403 asks for the password again).
 */
export function createAdminApiHandler(options: AdminApiOptions = {}) {
  const now = options.now ?? (() => new Date());
  const freshForMs = options.freshForMs ?? ADMIN_SESSION_FRESH_MS;
  return async (request: Request, context: { params: Promise<{ path?: string[] }> }): Promise<Response> => {
    try {
      const admin = await resolveAdmin();
      if (!admin) return unknownApiRouteResponse();
      const path = ((await context.params).path ?? []).join("/");
      for (const route of routes) {
        const match = route.method === request.method ? route.pattern.exec(path) : null;
        if (!match) continue;
        if (route.write && !isFreshSession(admin.authenticatedAt, now(), freshForMs)) {
          return apiErrorResponse(403, REAUTHENTICATE_MESSAGE, noStore);
        }
        return await route.handle(request, match.slice(1), admin);
      }
      return unknownApiRouteResponse();
    } catch (error) {
      if (error instanceof ApiRouteError) return apiErrorResponse(error.statusCode, error.message, noStore);
      console.error(error);
      return apiErrorResponse(500, "服务器内部错误，请稍后重试", noStore);
    }
  };
}
