import type { Metadata } from "next";
import { Link } from "@/components/link";
import { notFound } from "next/navigation";
import { isDevOutboxEnabled, listDevOutboxMessages } from "@/lib/supabase/dev-outbox";
import { OutboxMessageCard } from "./outbox-message-card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "开发发件箱", robots: { index: false } };

/** Mails and SMS of the embedded auth service, newest first (see `isDevOutboxEnabled`; 404 otherwise). */
export default async function DevOutboxPage() {
  if (!isDevOutboxEnabled()) notFound();
  const messages = await listDevOutboxMessages({ limit: 100 });
  return (
    <div className="flex flex-1 flex-col">
      <header className="flex h-14 items-center justify-between border-b bg-background/70 px-4 backdrop-blur sm:px-6">
        <span className="font-semibold">思维火花 · 开发工具</span>
        <Link href="/dev/outbox" prefetch={false} className="text-sm text-primary underline-offset-4 hover:underline">
          刷新
        </Link>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight">开发发件箱</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          内置认证服务发出的邮件和短信不会真正投递，而是保存在这里（最新的在最前）。仅供开发和测试使用。
        </p>
        {messages.length === 0 ? (
          <p className="mt-8 text-sm text-muted-foreground">还没有邮件或短信。</p>
        ) : (
          <ol aria-label="消息列表" className="mt-8 grid gap-4">
            {messages.map((message) => (
              <li key={message.id}>
                <OutboxMessageCard message={message} />
              </li>
            ))}
          </ol>
        )}
      </main>
    </div>
  );
}
