"use client";

import type { ReactNode } from "react";
import { usePopupOnDemand } from "@/components/use-popup-on-demand";
import { MobileMenuButton } from "./mobile-menu-button";

// The drawer (Radix dialog) only matters on phones, once the menu is pressed: loaded on demand.
const loadDrawer = () => import("./marketing-mobile-drawer");

/** Below md: the menu button and the drawer holding the header's links and the account actions. */
export function MarketingMobileNav({ account }: { account: ReactNode }) {
  const drawer = usePopupOnDemand(loadDrawer);

  if (!drawer.Popup) return <MobileMenuButton {...drawer.placeholderProps} />;
  return <drawer.Popup trigger={<MobileMenuButton {...drawer.triggerProps} />} open={drawer.open} onOpenChange={drawer.setOpen} account={account} />;
}
