"use client";

import { Menu } from "lucide-react";
import { useState, type MouseEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { layoutCopy } from "./copy";
import { MarketingNavLinks } from "./marketing-nav-links";
import { SiteLogo } from "./site-logo";

/** Below md: the menu button and the drawer holding the header's links and the account actions. */
export function MarketingMobileNav({ account }: { account: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  // The account actions come from the server as a slot: any link followed in them closes the drawer.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) close();
  };

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
        <div className="px-4" onClick={closeOnLink}>
          {account}
        </div>
      </SheetContent>
    </Sheet>
  );
}
