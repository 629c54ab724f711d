import { autoconfirmAdminWarning, grantListedAdmins } from "@/features/admin/server";
import { getAiProxy } from "@/features/ai-call/server";
import { seedAppRegistry } from "@/features/ai-apps/server";
import { startApiKeyExpiryReminderJob } from "@/features/api-keys/server";
import { openBackupControl } from "@/features/backup/server";
import { ensureDemoAccount } from "@/features/auth/server";
import { ensurePlansSeeded, getProviders, getWechatPay, startExpiredOrdersJob, startRenewalReminderJob } from "@/features/billing/server";
import { openFastLane } from "@/features/fast-lane/server";
import { startObservability } from "@/features/observability/server";
import { followListingChanges, revalidateListingsInThisProcess } from "@/features/marketing/server";
import { startLogRetentionJob } from "@/features/log-retention/server";
import { startAccountDeletionJob } from "@/features/personal-data/server";
import { registerSourceFinder } from "@/features/ai-models/server";
import { findDocumentSources, findKnowledgeSources, storageAllowance } from "@/features/knowledge/server";
import { registerWebSearch } from "@/features/web-search/server";
import { getDatabase, getDatabaseHandle } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { markReady } from "@/lib/lifecycle.mjs";
import { provideStorageQuota } from "@/lib/supabase/embedded-services";
import { logger } from "@/lib/log/logger.mjs";

/** Set by server.mjs, the only safe way to serve a production build. */
const HARDENED_SERVER_MARKER = "SPARK_HARDENED_SERVER";
const NOT_THROUGH_OUR_SERVER = [
  "请用 `npm start`（node server.mjs）启动生产服务，不要直接运行 `next start`：它会信任访客自己发送的 X-Forwarded-For，",
  "任何人都能绕过按 IP 的登录频率限制。",
  "Start the production server with `npm start` (node server.mjs), not `next start`: `next start` trusts the",
  "visitor's own X-Forwarded-For header, so anyone could bypass the per-IP sign-in limits.",
].join("\n");

/**
 * Server start-up (`next dev`, `next start`): check the configuration and open the database (which
 * applies pending migrations and takes the data-directory lock), so a bad setup stops now with one
 * readable message instead of failing on a visitor's first request.
 */
async function startServer() {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NODE_ENV === "production" && process.env[HARDENED_SERVER_MARKER] !== "1") {
    // `next start` keeps a client's own X-Forwarded-For: every per-visitor limit would be the
    // client's to reset. server.mjs (`npm start`) decides the visitor's address and sets the marker.
    logger().fatal(NOT_THROUGH_OUR_SERVER);
    process.exit(1);
  }
  // The embedded storage's per-user quota: the user's plan against their files plus knowledge documents.
  provideStorageQuota(storageAllowance);
  // Model apps' answers draw on knowledge bases and attached files (ai-models cannot import knowledge).
  registerSourceFinder("knowledge", findKnowledgeSources);
  registerSourceFinder("document", findDocumentSources);
  try {
    getEnv();
    // Metrics: HTTP, database, auth counters feed the registry from the first request on.
    startObservability();
    // A half-configured 微信支付 (bad key, missing AppID) stops start-up, not the first payment.
    getWechatPay();
    // The AI app registry comes from config: a bad config must stop start-up, not the first chat.
    await seedAppRegistry(await getDatabase());
    // A fresh database gets the seed plans now rather than on the first visit to /pricing.
    await ensurePlansSeeded(await getDatabase());
    // The AI proxy, wired with the quota check, before any request can reach it.
    getAiProxy();
    // Model apps' sources (issue 37): 联网搜索 with the configured service (the site's docs by default).
    registerWebSearch(await getDatabase(), getEnv());
  } catch (error) {
    logger().fatal(`启动失败：${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // A newcomer's first run: an account to sign in with at once (only where the dev outbox is on).
  await ensureDemoAccount().catch((error: unknown) => logger().warn({ err: error }, "演示账号创建失败"));
  const adminWarning = autoconfirmAdminWarning(getEnv());
  if (adminWarning) logger().warn(adminWarning);
  // ADMIN_EMAILS: operators whose accounts exist already (others get the role on their first visit).
  await grantListedAdmins().catch((error: unknown) => logger().warn({ err: error }, "管理员授权失败"));
  // 续费提醒: 7 days and 1 day before a one-off period ends (mail + dashboard banner), hourly.
  startRenewalReminderJob();
  // API keys expiring within 7 days: one reminder mail per key, hourly.
  startApiKeyExpiryReminderJob();
  // Unpaid 微信支付 / 支付宝 (and test-mode QR) orders are closed after their timeout, once a minute.
  startExpiredOrdersJob(getDatabaseHandle, getProviders);
  // 注销账号 after its cooling-off period (ACCOUNT_DELETION_COOLING_DAYS), hourly.
  startAccountDeletionJob();
  // AI-call and sign-in records older than LOG_RETENTION_DAYS are purged, hourly.
  startLogRetentionJob();
  // PGlite on disk: DATA_DIR/control.sock lets `npm run backup` back up without stopping the app.
  await openBackupControl();
  // From now on server.mjs answers the hot API routes without Next.js's router (`npm start` only).
  openFastLane();
  // Readiness (/api/health/ready) answers 200 from now on: the database is open and migrated.
  markReady();
  // The prerendered listings (/, /ai, /pricing) follow the console's apps and plans: changes saved by
  // other processes revalidate them here too, and once listening (server.mjs calls this) the build's
  // configuration / seed data is replaced by the database's.
  await followListingChanges(await getDatabase()).catch((error: unknown) => logger().warn({ err: error }, "[marketing] 无法接收应用与套餐的变更通知"));
  (globalThis as { [SERVER_LISTENING]?: () => void })[SERVER_LISTENING] = () => void revalidateListingsInThisProcess();
}

/** What server.mjs calls once it listens (and has set SPARK_LISTEN_ORIGIN). */
const SERVER_LISTENING = Symbol.for("sparkai.server.listening");

await startServer();
