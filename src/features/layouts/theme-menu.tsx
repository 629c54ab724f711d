"use client";

import type { ReactElement } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { layoutCopy } from "./copy";

const copy = layoutCopy.themeToggle;
const options = [
  { value: "light", label: copy.light },
  { value: "dark", label: copy.dark },
  { value: "system", label: copy.system },
] as const;

type ThemeMenuProps = {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: string;
  onValueChange: (value: string) => void;
};

/** The 浅色 / 深色 / 跟随系统 menu behind the colour-mode button (loaded on demand by ThemeToggle). */
export default function ThemeMenu({ trigger, open, onOpenChange, value, onValueChange }: ThemeMenuProps) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{copy.menuLabel}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={value} onValueChange={onValueChange}>
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
