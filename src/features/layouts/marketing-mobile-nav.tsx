"use client";

import { Menu } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { layoutCopy } from "./copy";
import { MarketingNavLinks } from "./marketing-nav-links";
import { routes } from "./nav";
import { SiteLogo } from "./site-logo";

/** Below md: the menu button and the drawer holding the header's links. */
export function MarketingMobileNav() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={layoutCopy.openMenu}>
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" closeLabel={layoutCopy.closeMenu} aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle className="sr-only">{layoutCopy.mobileNavTitle}</SheetTitle>
          <SiteLogo onClick={close} />
        </SheetHeader>
        <nav aria-label={layoutCopy.mainNavLabel} className="px-3">
          <MarketingNavLinks orientation="column" onNavigate={close} />
        </nav>
        <Separator className="mx-4 w-auto" />
        <div className="flex flex-col gap-2 px-4">
          <Button variant="outline" asChild>
            <Link href={routes.signIn} onClick={close}>
              {layoutCopy.signIn}
            </Link>
          </Button>
          <Button asChild>
            <Link href={routes.signUp} onClick={close}>
              {layoutCopy.signUp}
            </Link>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
