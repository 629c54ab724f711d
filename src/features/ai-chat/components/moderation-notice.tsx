import { ShieldAlert } from "lucide-react";

/** The app's moderation answered instead of the model: shown as a notice, not as the assistant's words. */
export function ModerationNotice({ text }: { text: string }) {
  return (
    <div
      role="note"
      data-testid="moderation-notice"
      className="flex gap-2.5 rounded-xl border border-amber-300/70 bg-amber-50 px-3.5 py-3 text-sm leading-6 text-amber-950 dark:border-amber-400/30 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">内容安全提示</p>
        <p className="break-words whitespace-pre-wrap">{text}</p>
      </div>
    </div>
  );
}
