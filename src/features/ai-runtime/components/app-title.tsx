import { AppIcon, type PublicAiApp } from "@/features/ai-apps";
import { cn } from "@/lib/utils";

/** The app's icon and name, as the heading of its page. */
export function AppTitle({ app, className, showDescription = false }: { app: PublicAiApp; className?: string; showDescription?: boolean }) {
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <AppIcon icon={app.icon} kind={app.kind} className="size-9 rounded-lg bg-accent text-lg" />
      <div className="min-w-0">
        <h1 className="truncate text-base font-semibold">{app.name}</h1>
        {showDescription && app.description && <p className="line-clamp-2 text-sm text-muted-foreground">{app.description}</p>}
        {app.genaiFiling && (
          <p data-testid="app-genai-filing" className="truncate text-xs text-muted-foreground">
            生成式人工智能服务备案：<span translate="no">{app.genaiFiling}</span>
          </p>
        )}
      </div>
    </div>
  );
}
