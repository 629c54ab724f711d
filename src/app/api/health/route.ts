import { appConfig } from "@/config/app";
import { checkDatabaseHealth } from "@/lib/db/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const database = await checkDatabaseHealth();
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
