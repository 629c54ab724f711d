import { Link } from "@/components/link";
import type { ReactNode } from "react";
import { layoutCopy } from "./copy";
import { legalNav } from "./nav";
import { SiteLogo } from "./site-logo";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { ThemeToggle } from "./theme-toggle";

/** The sign-in / sign-up layout: the logo above one centred glass card, the colour toggle in a corner. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col">
      <SkipLink />
      <header className="flex justify-end p-4">
        <ThemeToggle />
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 flex-col items-center justify-center px-4 pb-10 outline-none"
      >
        <SiteLogo className="mb-6 text-lg" />
        <div className="w-full max-w-md rounded-2xl border bg-card/80 p-6 text-card-foreground shadow-lg backdrop-blur sm:p-8">
          {children}
        </div>
      </main>
      <footer className="pb-6">
        <nav aria-label={layoutCopy.auth.footerNavLabel}>
          <ul className="flex items-center justify-center gap-4 text-xs text-muted-foreground">
            {legalNav.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className="rounded-sm transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </div>
  );
}
