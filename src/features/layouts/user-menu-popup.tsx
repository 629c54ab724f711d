"use client";

import { CreditCard, House, LogIn, LogOut, Settings } from "lucide-react";
import { Link } from "@/components/link";
import type { ReactElement } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { layoutCopy } from "./copy";
import { routes } from "./nav";

type UserMenuPopupProps = {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string | null;
  email: string | null;
  onSignOut?: () => void;
};

/** The account menu behind the avatar button (loaded on demand by UserMenu). */
export default function UserMenuPopup({ trigger, open, onOpenChange, name, email, onSignOut }: UserMenuPopupProps) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          {name || email ? (
            <span className="flex flex-col gap-0.5">
              {name ? <span className="truncate text-sm font-medium text-foreground">{name}</span> : null}
              {email ? <span className="truncate text-xs text-muted-foreground">{email}</span> : null}
            </span>
          ) : (
            <span className="text-xs">{layoutCopy.dashboard.signedOut}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link href={routes.settings}>
              <Settings aria-hidden />
              {layoutCopy.dashboard.accountSettings}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href={routes.billing}>
              <CreditCard aria-hidden />
              {layoutCopy.dashboard.billing}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={routes.home}>
            <House aria-hidden />
            {layoutCopy.backHome}
          </Link>
        </DropdownMenuItem>
        {onSignOut ? (
          <DropdownMenuItem onSelect={onSignOut}>
            <LogOut aria-hidden />
            {layoutCopy.signOut}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem asChild>
            <Link href={routes.signIn}>
              <LogIn aria-hidden />
              {layoutCopy.signIn}
            </Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
