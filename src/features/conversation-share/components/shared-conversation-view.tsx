/* eslint-disable @next/next/no-html-link-for-pages -- full page loads on purpose (see SharedConversationView) */
import { SparkMark, ThemeToggle } from "@/features/layouts";
import type { SharedConversation } from "../types";
import { SharedAnswer } from "./shared-answer";
import { SharedCitations } from "./shared-citations";

const dateFormat = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "long", day: "numeric" });

/**
 * The public page of a shared conversation: read-only, nothing of the visitor (no account menu, no
 * composer). Links home are plain anchors: a client-side navigation would prefetch other pages, whose
 * requests do carry and refresh the visitor's session.
 */
export function SharedConversationView({ share }: { share: SharedConversation }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center justify-between gap-2 px-4">
          <a href="/" className="inline-flex items-center gap-2 rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <SparkMark />
            <span>思维火花</span>
          </a>
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:py-8">
        <div className="mb-8 space-y-2 border-b pb-5">
          <p className="text-sm text-muted-foreground">{share.appName}</p>
          <h1 className="text-xl font-semibold break-words sm:text-2xl">{share.title}</h1>
          <p className="text-sm text-muted-foreground">
            由 思维火花 用户分享的对话快照 · 分享于 <time dateTime={share.sharedAt.toISOString()}>{dateFormat.format(share.sharedAt)}</time>
          </p>
        </div>
        <ol className="space-y-10" aria-label="对话内容">
          {share.messages.map((message, index) => (
            <li key={index} className="space-y-4" data-testid="shared-message">
              {message.query && (
                <div className="flex justify-end">
                  <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-primary px-4 py-2.5 text-[15px] leading-7 whitespace-pre-wrap break-words text-primary-foreground" data-testid="shared-question">
                    {message.query}
                  </div>
                </div>
              )}
              <div data-testid="shared-answer">
                <SharedAnswer answer={message.answer} />
                {message.citations?.length ? <SharedCitations citations={message.citations} /> : null}
              </div>
            </li>
          ))}
        </ol>
      </main>
      <footer className="border-t">
        <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-muted-foreground">
          <p>这是一份只读快照，回答由 AI 生成，仅供参考。</p>
          <a href="/" className="text-primary underline underline-offset-4">
            使用 思维火花 →
          </a>
        </div>
      </footer>
    </div>
  );
}
