"use client";

import { Moon, Sun, SunMoon } from "lucide-react";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import { layoutCopy } from "./copy";

const copy = layoutCopy.themeToggle;
const options = [
  { value: "light", label: copy.light },
  { value: "dark", label: copy.dark },
  { value: "system", label: copy.system },
] as const;

const noopSubscribe = () => () => {};

/** False during server rendering and hydration, true afterwards: the theme is only known in the browser. */
function useIsClient(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

/** Colour-mode switch (浅色 / 深色 / 跟随系统) for every layout. */
export function ThemeToggle({ className }: { className?: string }) {
  // The menu edits the stored preference; the icon shows the mode in effect (a page may force one).
  const { theme, resolvedTheme, forcedTheme, setTheme } = useTheme();
  const isClient = useIsClient();

  // Until hydrated, render the same neutral icon the server rendered.
  const shown = isClient ? (forcedTheme ?? resolvedTheme) : undefined;
  const Icon = shown === "dark" ? Moon : shown === "light" ? Sun : SunMoon;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={cn("rounded-full", className)} aria-label={copy.label} title={copy.label}>
          <Icon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{copy.menuLabel}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={theme ?? "system"} onValueChange={setTheme}>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
