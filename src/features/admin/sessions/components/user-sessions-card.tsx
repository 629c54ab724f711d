import { getDatabase } from "@/lib/db";
import { UserDetailCard } from "../../components/user-detail-card";
import { formatAdminDateTime } from "../../format";
import { sessionsCopy as copy } from "../copy";
import { addressLabel, deviceLabel } from "../device-label";
import { listUserSessions } from "../server/user-sessions";
import { SignOutEverywhereButton } from "./sign-out-everywhere-button";

/** The user's page's 会话 card: how many sessions, each one's times, device and IP, and 退出所有设备. */
export async function UserSessionsCard({ userId, who, isSelf }: { userId: string; who: string; isSelf: boolean }) {
  const result = await listUserSessions(await getDatabase(), userId);
  if (!result.available) {
    return (
      <UserDetailCard title={copy.card}>
        <p className="text-sm text-muted-foreground">{copy.unavailable}</p>
      </UserDetailCard>
    );
  }
  const { sessions } = result;
  return (
    <UserDetailCard title={copy.card}>
      <div className="grid gap-4">
        <p className="text-sm" data-testid="admin-session-count">
          {copy.count(sessions.length)}
        </p>
        {sessions.length > 0 ? (
          <ul className="grid gap-3 text-sm" aria-label={copy.card}>
            {sessions.map((session) => (
              <li key={session.id} className="grid gap-1 rounded-md border p-3">
                {/* The raw User-Agent on hover: data, not copy (hence translate="no"). */}
                <span className="break-all font-medium" title={session.userAgent || undefined} translate="no">
                  {deviceLabel(session.userAgent) ?? (session.userAgent ? copy.otherDevice : copy.unknown)}
                </span>
                <span className="text-muted-foreground">
                  {copy.columns.created} {formatAdminDateTime(session.createdAt)} · {copy.columns.refreshed}{" "}
                  {session.refreshedAt ? formatAdminDateTime(session.refreshedAt) : copy.neverRefreshed} · {copy.columns.ip}{" "}
                  <span translate="no" title={session.ip || undefined}>
                    {addressLabel(session.ip) ?? copy.unknown}
                  </span> · {copy.levels[session.aal] ?? session.aal}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {sessions.length > 0 && !isSelf ? (
          <div>
            <SignOutEverywhereButton userId={userId} who={who} />
          </div>
        ) : null}
      </div>
    </UserDetailCard>
  );
}
