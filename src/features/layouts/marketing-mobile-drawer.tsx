"use client";

import type { MouseEvent, ReactElement, ReactNode } from "react";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { layoutCopy } from "./copy";
import { MarketingNavLinks } from "./marketing-nav-links";
import { SiteLogo } from "./site-logo";

type MarketingMobileDrawerProps = {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: ReactNode;
};

/** The drawer with the header's links and the account actions (loaded on demand by MarketingMobileNav). */
export default function MarketingMobileDrawer({ trigger, open, onOpenChange, account }: MarketingMobileDrawerProps) {
  const close = () => onOpenChange(false);
  // The account actions come from the server as a slot: any link followed in them closes the drawer.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) close();
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
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
