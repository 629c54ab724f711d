import { ArrowLeft } from "lucide-react";
import { Link } from "@/components/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { layoutCopy } from "./copy";
import { routes } from "./nav";
import { SiteLogo } from "./site-logo";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { ThemeToggle } from "./theme-toggle";

/**
 * The default layout of the AI application pages: a slim top bar, a full-height content area and,
 * under it, `footer` (the site's filings), inside the screen's height so the page itself never scrolls.
 */
export function AppPageShell({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex h-dvh min-h-0 flex-none flex-col">
      <SkipLink />
      <header className="flex h-14 shrink-0 items-center gap-3 border-b bg-background/70 px-4 backdrop-blur sm:px-6">
        <SiteLogo />
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="sm" asChild>
            <Link href={routes.dashboardAi}>
              <ArrowLeft aria-hidden />
              {layoutCopy.backToDashboard}
            </Link>
          </Button>
          <ThemeToggle />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-h-0 flex-1 flex-col overflow-y-auto outline-none">
        {children}
      </main>
      {footer && <footer className="shrink-0 border-t bg-background/70">{footer}</footer>}
    </div>
  );
}
