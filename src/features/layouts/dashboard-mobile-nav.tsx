"use client";

import { usePopupOnDemand } from "@/components/use-popup-on-demand";
import { firstLoadLayoutCopy } from "./first-load-copy";
import { MobileMenuButton } from "./mobile-menu-button";
import type { NavGroup } from "./nav";

// The drawer (Radix dialog) only matters below md, once the menu is pressed: loaded on demand.
const loadDrawer = () => import("./dashboard-mobile-drawer");

/** Below md: the menu button and the drawer holding the sidebar's links; it closes on navigation. */
export function DashboardMobileNav({ nav, label = firstLoadLayoutCopy.sidebarLabel }: { nav?: readonly NavGroup[]; label?: string }) {
  const drawer = usePopupOnDemand(loadDrawer);

  if (!drawer.Popup) return <MobileMenuButton {...drawer.placeholderProps} />;
  return <drawer.Popup trigger={<MobileMenuButton {...drawer.triggerProps} />} open={drawer.open} onOpenChange={drawer.setOpen} nav={nav} label={label} />;
}
