"use client";

import { Menu } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { usePopupOnDemand } from "@/components/use-popup-on-demand";
import { layoutCopy } from "./copy";
import type { NavGroup } from "./nav";

// The drawer (Radix dialog) only matters below md, once the menu is pressed: loaded on demand.
const loadDrawer = () => import("./dashboard-mobile-drawer");

/** Below md: the menu button and the drawer holding the sidebar's links; it closes on navigation. */
export function DashboardMobileNav({ nav, label = layoutCopy.dashboard.sidebarLabel }: { nav?: readonly NavGroup[]; label?: string }) {
  const drawer = usePopupOnDemand(loadDrawer);
  const button = (extraProps: object) => (
    // A plain <button>, not <Button>: this island is on every dashboard page, and <Button> brings tailwind-merge.
    <button type="button" className={`${buttonVariants({ variant: "ghost", size: "icon" })} md:hidden`} aria-label={layoutCopy.openMenu} {...extraProps}>
      <Menu aria-hidden />
    </button>
  );

  if (!drawer.Popup) return button(drawer.placeholderProps);
  return <drawer.Popup trigger={button(drawer.triggerProps)} open={drawer.open} onOpenChange={drawer.setOpen} nav={nav} label={label} />;
}
