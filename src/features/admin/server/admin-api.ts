import "server-only";
import { listSecurityEvents, siteUrl } from "@/features/auth/server";
import { ApiRouteError, apiErrorResponse, parseJsonBody, unknownApiRouteResponse } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { z } from "@/lib/zod";
import { BAN_DURATIONS, type BanLength } from "../types";
import { resolveAdmin, type AdminSession } from "./admin-access";
import { ADMIN_SESSION_FRESH_MS, isFreshSession, REAUTHENTICATE_MESSAGE } from "./admin-freshness";
import { removeUserFactor, sendRecoveryMail, setUserBan, type AdminActor } from "./admin-user-actions";
import { listAdminActions } from "./admin-audit";
import { deleteUserWithData } from "./admin-user-deletion";
import { createUser, inviteUser, sendMagicLink } from "./admin-user-invites";
import { loadUser } from "./admin-user-lookup";
import { isUserId, searchUsers } from "./admin-users";
import { parseSecurityEventQuery } from "./security-event-query";
import { quotaRoutes } from "../quota/server/quota-routes";
import { usageRoutes } from "../usage/server/usage-routes";
import { invoiceRoutes } from "../invoices/server/invoice-routes";
import { plansRoutes } from "../plans/server/plans-routes";
import { sessionRoutes } from "../sessions/server/session-routes";
import { orderRoutes } from "../orders/server/order-routes";
import { appsRoutes } from "../apps/server/apps-routes";
import { settingsRoutes } from "../settings/server/settings-routes";
import { reportRoutes } from "../reports/server/report-routes";
import { logExportRoutes } from "../log-export/server/log-export-routes";
import { safetyRoutes } from "../safety/server/safety-routes";
import { announcementRoutes } from "../announcements/server/announcement-routes";
import { priceRoutes } from "../prices/server/price-routes";
import { redeemRoutes } from "../redeem/server/redeem-routes";
import { walletRoutes } from "../wallet/server/wallet-routes";
import { invitationRoutes } from "../invitations/server/invitation-routes";
import { revenueRoutes } from "../revenue/server/revenue-routes";
import { knowledgeRoutes } from "../knowledge/server/knowledge-routes";
import { parsePageNumber } from "@/lib/pagination";

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
const emailField = z.string().trim().toLowerCase().max(320).email("请输入有效的邮箱地址");
const inviteBody = z.object({ email: emailField }).strict();
const createBody = z
  .object({
    email: emailField.optional(),
    phone: z.string().trim().regex(/^\+?[1-9]\d{6,14}$/, "请输入有效的手机号（含国家代码，如 +8613800000000）").optional(),
    password: z.string().min(8, "密码至少 8 位").max(72, "密码最多 72 位"),
    confirmed: z.boolean(),
  })
  .strict()
  .refine((body) => Boolean(body.email) !== Boolean(body.phone), "请填写邮箱或手机号（二选一）");
/** The typed confirmation: the user's e-mail or phone, checked here too, not only in the dialog. */
const deleteBody = z.object({ confirm: z.string().trim().min(1).max(320) }).strict();

const actorOf = (request: Request, admin: AdminSession): AdminActor => ({ userId: admin.userId, ip: visitorIp(request.headers) ?? null });
const noStore = { "Cache-Control": "private, no-store" };
const json = (body: unknown) => Response.json(body, { headers: noStore });

const pageParam = (url: URL) => parsePageNumber(url.searchParams.get("page"));

const routes: Route[] = [
  ...quotaRoutes,
  ...usageRoutes,
  ...invoiceRoutes,
  ...plansRoutes,
  ...sessionRoutes,
  ...orderRoutes,
  ...appsRoutes,
  ...settingsRoutes,
  ...reportRoutes,
  ...announcementRoutes,
  ...knowledgeRoutes,
  ...priceRoutes,
  ...redeemRoutes,
  ...walletRoutes,
  ...invitationRoutes,
  ...revenueRoutes,
  ...logExportRoutes,
  ...safetyRoutes,
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
    method: "GET",
    pattern: /^audit\/security-events$/,
    write: false,
    handle: async (request) => {
      const url = new URL(request.url);
      const { filter } = parseSecurityEventQuery((key) => url.searchParams.get(key)?.slice(0, 100) ?? undefined);
      return json(await listSecurityEvents(await getDatabase(), filter, pageParam(url)));
    },
  },
  {
    method: "POST",
    pattern: /^users\/invite$/,
    write: true,
    handle: async (request, _match, admin) => {
      const { email } = await parseJsonBody(request, inviteBody);
      return json(await inviteUser(await getDatabase(), actorOf(request, admin), email, await siteUrl("/auth/callback?type=recovery")));
    },
  },
  {
    method: "POST",
    pattern: /^users$/,
    write: true,
    handle: async (request, _match, admin) => json(await createUser(await getDatabase(), actorOf(request, admin), await parseJsonBody(request, createBody))),
  },
  {
    method: "POST",
    pattern: /^users\/([^/]+)\/magic-link$/,
    write: true,
    handle: async (request, [userId], admin) => {
      await parseJsonBody(request, emptyBody);
      return json(await sendMagicLink(await getDatabase(), actorOf(request, admin), userId!, await siteUrl("/auth/callback")));
    },
  },
  {
    method: "DELETE",
    pattern: /^users\/([^/]+)$/,
    write: true,
    handle: async (request, [userId], admin) => {
      const { confirm } = await parseJsonBody(request, deleteBody);
      const user = await loadUser(userId!);
      const accepted = [user.email?.toLowerCase(), user.phone, user.phone && `+${user.phone}`].filter((value): value is string => Boolean(value));
      if (!accepted.includes(confirm.toLowerCase())) {
        throw new ApiRouteError(400, "确认内容与该用户的邮箱或手机号不一致");
      }
      return json(await deleteUserWithData(await getDatabase(), actorOf(request, admin), userId!));
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
