import Link from "next/link";
import { Button } from "@/components/ui/button";
import { layoutCopy } from "./copy";
import { MarketingMobileNav } from "./marketing-mobile-nav";
import { MarketingNavLinks } from "./marketing-nav-links";
import { routes } from "./nav";
import { SiteLogo } from "./site-logo";
import { ThemeToggle } from "./theme-toggle";

/** Sticky glass header of the marketing pages; the links move into a drawer below md. */
export function MarketingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/70 backdrop-blur supports-[backdrop-filter]:bg-background/60">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6">
        <SiteLogo />
        <nav aria-label={layoutCopy.mainNavLabel} className="hidden md:block">
          <MarketingNavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button variant="ghost" asChild className="hidden md:inline-flex">
            <Link href={routes.signIn}>{layoutCopy.signIn}</Link>
          </Button>
          <Button asChild className="hidden md:inline-flex">
            <Link href={routes.signUp}>{layoutCopy.signUp}</Link>
          </Button>
          <MarketingMobileNav />
        </div>
      </div>
    </header>
  );
}
