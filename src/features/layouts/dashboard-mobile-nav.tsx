"use client";

import { Menu } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { layoutCopy } from "./copy";
import { DashboardNav } from "./dashboard-nav";
import type { NavGroup } from "./nav";
import { SiteLogo } from "./site-logo";

/** Below md: the menu button and the drawer holding the sidebar's links; it closes on navigation. */
export function DashboardMobileNav({ nav, label = layoutCopy.dashboard.sidebarLabel }: { nav?: readonly NavGroup[]; label?: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={layoutCopy.openMenu}>
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
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
