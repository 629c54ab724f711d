import type { PublicAiApp } from "@/features/ai-apps";
import { cn } from "@/lib/utils";

/** The app's icon as an emoji (registry icons may also be lucide names: those get a generic one). */
export function appEmoji(icon: string): string {
  return /\p{Extended_Pictographic}/u.test(icon) ? icon : "✨";
}

/** The app's icon (an emoji) and name, as the heading of its page. */
export function AppTitle({ app, className, showDescription = false }: { app: PublicAiApp; className?: string; showDescription?: boolean }) {
  const emoji = appEmoji(app.icon);
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-lg">
        {emoji}
      </span>
      <div className="min-w-0">
        <h1 className="truncate text-base font-semibold">{app.name}</h1>
        {showDescription && app.description && <p className="line-clamp-2 text-sm text-muted-foreground">{app.description}</p>}
      </div>
    </div>
  );
}
