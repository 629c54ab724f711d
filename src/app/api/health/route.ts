import { appConfig } from "@/config/app";
import { checkDatabaseHealth, type DatabaseHealth } from "@/lib/db/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const database = publicHealth(await checkDatabaseHealth());
  const ok = database.status === "ok";
  return Response.json(
    {
      status: ok ? "ok" : "degraded",
      app: {
        name: appConfig.name,
        buildId: process.env.NEXT_PUBLIC_BUILD_ID ?? "development",
        uptimeSeconds: Math.round(process.uptime()),
      },
      database,
    },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * The endpoint is public: in production the failure's detail (driver errors name hosts and file
 * paths) goes to the server log only; in development it stays in the answer, where it helps most.
 */
function publicHealth(health: DatabaseHealth): DatabaseHealth {
  if (health.status === "ok" || process.env.NODE_ENV !== "production") return health;
  console.error(`[health] ${health.message ?? "database error"}`);
  return { ...health, message: "数据库不可用" };
}
