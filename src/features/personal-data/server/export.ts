import "server-only";
import type { DifyProxy } from "@/features/ai-apps/server";
import { getAiProxy } from "@/features/ai-call/server";
import { createOutbox } from "@/embedded/outbox";
import { ApiRouteError } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { appRateLimitStore } from "@/lib/rate-limit";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { getSupabaseConnection } from "@/lib/supabase/connection";
import { buildPersonalDataZip, personalDataFileName } from "./archive";
import { exportLink, isLargeAccount, openExport, storeExport, type OpenedExport } from "./background-export";
import { collectPersonalData } from "./collect";
import { exportReadyMail } from "./export-mail";

/** Each export reads every conversation upstream: a few an hour are plenty for a person. */
const EXPORTS_PER_HOUR = 5;

/** The ZIP at once, or — a large account with an e-mail address — built in the background, the link mailed. */
export type ExportOutcome = { fileName: string; bytes: Uint8Array } | { mailedTo: string; done: Promise<void> };

/** The ZIP of 下载我的数据 for `userId`, who the route resolved from the session (never from the request). */
export async function exportPersonalData(userId: string, proxy: DifyProxy = getAiProxy()): Promise<ExportOutcome> {
  const db = await getDatabase();
  const [exports = 0] = await appRateLimitStore(db).increment([`personal-data-export:${userId}`], 3_600_000);
  if (exports > EXPORTS_PER_HOUR) throw new ApiRouteError(429, "导出太频繁，请一小时后再试");
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error || !data.user) throw new ApiRouteError(404, "账号不存在");
  const user = data.user;
  const build = async () => {
    const collected = await collectPersonalData(db, proxy, { id: userId, email: user.email ?? null, phone: user.phone ?? null, createdAt: user.created_at });
    return { fileName: personalDataFileName(new Date(collected.exportedAt)), bytes: buildPersonalDataZip(collected) };
  };
  const env = getEnv();
  // Without an address there is nowhere to send a link: such an account waits for its ZIP.
  if (!user.email || !(await isLargeAccount(db, userId, env.PERSONAL_DATA_EXPORT_INLINE_ITEMS))) return build();
  const email = user.email;
  const done = build()
    .then(async ({ fileName, bytes }) => {
      const row = await storeExport(db, { userId, fileName, zip: bytes });
      const link = exportLink(env.SITE_URL, (await getSupabaseConnection()).serviceRoleKey, row);
      await createOutbox({ db, smtpUrl: env.SMTP_URL, from: env.SMTP_FROM }).sendMail(exportReadyMail(email, link, row.expiresAt));
    })
    .catch((failure: unknown) => console.error("[personal-data] background export", failure));
  return { mailedTo: `${email.slice(0, 1)}***@${email.split("@")[1] ?? ""}`, done };
}

/** The ZIP behind a mailed link, for the signed-in user it was made for. */
export async function openMailedExport(link: { id: string; expires: string | null; sig: string | null }, userId: string): Promise<OpenedExport> {
  return openExport(await getDatabase(), (await getSupabaseConnection()).serviceRoleKey, link, userId);
}
