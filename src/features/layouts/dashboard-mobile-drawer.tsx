"use client";

import type { ReactElement } from "react";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { layoutCopy } from "./copy";
import { DashboardNav } from "./dashboard-nav";
import type { NavGroup } from "./nav";
import { SiteLogo } from "./site-logo";

type DashboardMobileDrawerProps = {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nav?: readonly NavGroup[];
  label: string;
};

/** The drawer holding the sidebar's links (loaded on demand by DashboardMobileNav); it closes on navigation. */
export default function DashboardMobileDrawer({ trigger, open, onOpenChange, nav, label }: DashboardMobileDrawerProps) {
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" closeLabel={layoutCopy.closeMenu} aria-describedby={undefined}>
        <SheetHeader className="border-b">
          <SheetTitle className="sr-only">{layoutCopy.mobileNavTitle}</SheetTitle>
          <SiteLogo onClick={close} />
        </SheetHeader>
        <nav aria-label={label} className="flex-1 overflow-y-auto px-3 pb-6">
          <DashboardNav groups={nav} onNavigate={close} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
