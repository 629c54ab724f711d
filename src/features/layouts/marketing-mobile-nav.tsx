"use client";

import { Menu } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { usePopupOnDemand } from "@/components/use-popup-on-demand";
import { layoutCopy } from "./copy";

// The drawer (Radix dialog) only matters on phones, once the menu is pressed: loaded on demand.
const loadDrawer = () => import("./marketing-mobile-drawer");

/** Below md: the menu button and the drawer holding the header's links and the account actions. */
export function MarketingMobileNav({ account }: { account: ReactNode }) {
  const drawer = usePopupOnDemand(loadDrawer);
  const button = (extraProps: object) => (
    // A plain <button>, not <Button>: this island is on every page, and <Button> brings tailwind-merge.
    <button type="button" className={`${buttonVariants({ variant: "ghost", size: "icon" })} md:hidden`} aria-label={layoutCopy.openMenu} {...extraProps}>
      <Menu aria-hidden />
    </button>
  );

  if (!drawer.Popup) return button(drawer.placeholderProps);
  return <drawer.Popup trigger={button(drawer.triggerProps)} open={drawer.open} onOpenChange={drawer.setOpen} account={account} />;
}
