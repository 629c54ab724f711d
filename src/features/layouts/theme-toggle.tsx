"use client";

import { Moon, Sun, SunMoon } from "lucide-react";
import { useTheme } from "next-themes";
import { buttonVariants } from "@/components/ui/button-variants";
import { usePopupOnDemand } from "@/components/use-popup-on-demand";
import { useIsClient } from "@/components/use-is-client";
import { firstLoadLayoutCopy } from "./first-load-copy";

// The menu (Radix dropdown + floating-ui) is on every page's header but rarely opened: loaded on demand.
const loadThemeMenu = () => import("./theme-menu");

/** Colour-mode switch (浅色 / 深色 / 跟随系统) for every layout. */
export function ThemeToggle() {
  // The menu edits the stored preference; the icon shows the mode in effect (a page may force one).
  const { theme, resolvedTheme, forcedTheme, setTheme } = useTheme();
  const isClient = useIsClient();
  const menu = usePopupOnDemand(loadThemeMenu);

  // Until hydrated, render the same neutral icon the server rendered.
  const shown = isClient ? (forcedTheme ?? resolvedTheme) : undefined;
  const Icon = shown === "dark" ? Moon : shown === "light" ? Sun : SunMoon;
  const button = (extraProps: object) => (
    // A plain <button>, not <Button>: this island is on every page, and <Button> brings tailwind-merge.
    <button type="button" className={buttonVariants({ variant: "ghost", size: "icon-round" })} aria-label={firstLoadLayoutCopy.themeToggleLabel} title={firstLoadLayoutCopy.themeToggleLabel} {...extraProps}>
      <Icon aria-hidden />
    </button>
  );

  if (!menu.Popup) return button(menu.placeholderProps);
  return (
    <menu.Popup trigger={button(menu.triggerProps)} open={menu.open} onOpenChange={menu.setOpen} value={theme ?? "system"} onValueChange={setTheme} />
  );
}
