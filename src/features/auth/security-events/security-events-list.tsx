import { securityEventLabel, type SecurityEventView } from "./labels";

const dateTime = new Intl.DateTimeFormat("zh-CN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Shanghai" });

/** 账号安全记录 on the settings page: the user's own recent account events (server-rendered). */
export function SecurityEventsList({ events }: { events: SecurityEventView[] }) {
  return (
    <section aria-labelledby="security-events-title" className="grid gap-3">
      <div className="space-y-1">
        <h2 id="security-events-title" className="text-lg font-semibold">
          账号安全记录
        </h2>
        <p className="text-sm text-muted-foreground">最近 20 条登录、退出和安全设置变更。如有不是您本人的操作，请立即修改密码。</p>
      </div>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">暂无记录。</p>
      ) : (
        <ul className="divide-y rounded-md border text-sm">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span>{securityEventLabel(event.action)}</span>
              <span className="text-muted-foreground">
                {dateTime.format(new Date(event.createdAt))}
                {event.ip ? <span translate="no"> · {event.ip}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
