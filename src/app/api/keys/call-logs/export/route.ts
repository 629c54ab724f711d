import { exportCallLogs } from "@/features/api-call-logs/server";
import { withApiErrors } from "@/lib/api";

export const dynamic = "force-dynamic";

/** The signed-in user's 调用日志 (src/features/api-call-logs) as CSV, with the page's filters. */
export const GET = withApiErrors(exportCallLogs);
