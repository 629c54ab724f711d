import type { OutboxMessage } from "@/embedded/outbox";

const kindLabels: Record<string, string> = {
  signup: "注册验证",
  magiclink: "登录链接",
  recovery: "重置密码",
  email_change: "更换邮箱",
  email_change_current: "更换邮箱（当前邮箱确认）",
  invite: "邀请",
  reauthentication: "身份验证",
  sms: "短信验证码",
  phone_change: "更换手机号",
  mfa: "两步验证",
};

const timeFormat = new Intl.DateTimeFormat("zh-CN", { dateStyle: "short", timeStyle: "medium", timeZone: "Asia/Shanghai" });

/** One outbox message: who, what for, when, and the link or code it carries. */
export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const kind = kindLabels[message.kind] ?? message.kind;
  const channel = message.channel === "email" ? "邮件" : "短信";
  return (
    <article aria-label={`${channel} ${message.to}`} className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="mr-2 rounded bg-muted px-1.5 py-0.5 text-xs">{channel}</span>
          <span className="font-medium">{message.to}</span>
          <span className="ml-2 text-muted-foreground">{kind}</span>
        </p>
        <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
          {timeFormat.format(new Date(message.createdAt))}
        </time>
      </div>
      {message.subject ? <p className="font-medium">{message.subject}</p> : null}
      {message.code ? (
        <p className="text-sm">
          验证码：
          <strong data-testid="outbox-code" className="font-mono text-base tracking-widest">
            {message.code}
          </strong>
        </p>
      ) : null}
      {message.link ? (
        <p className="text-sm">
          <a href={message.link} className="font-medium text-primary underline underline-offset-4">
            打开验证链接
          </a>
          <span className="mt-1 block text-xs break-all text-muted-foreground">{message.link}</span>
        </p>
      ) : null}
      {message.text ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">查看正文</summary>
          <pre className="mt-2 text-xs whitespace-pre-wrap">{message.text}</pre>
        </details>
      ) : null}
      {message.delivery !== "outbox" ? <p className="text-xs text-muted-foreground">已通过外部渠道发送，正文未保存。</p> : null}
    </article>
  );
}
