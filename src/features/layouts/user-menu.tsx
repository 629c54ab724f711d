"use client";

import { CreditCard, House, LogIn, LogOut, Settings, UserRound } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import { layoutCopy } from "./copy";
import { routes } from "./nav";

export type UserMenuUser = {
  email?: string | null;
  displayName?: string | null;
};

export type UserMenuProps = {
  /** The signed-in account, if any. Without it the menu says 未登录 and offers 登录. */
  user?: UserMenuUser | null;
  /** When given, the menu offers 退出登录 (which calls this) instead of 登录. */
  onSignOut?: () => void;
  className?: string;
};

function initialOf(user: UserMenuUser | null | undefined): string | undefined {
  const source = user?.displayName?.trim() || user?.email?.trim();
  return source ? Array.from(source)[0]?.toUpperCase() : undefined;
}

/** The dashboard's account menu (trigger labelled 用户菜单). */
export function UserMenu({ user, onSignOut, className }: UserMenuProps) {
  const name = user?.displayName?.trim() || null;
  const email = user?.email?.trim() || null;
  const initial = initialOf(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn("rounded-full", className)}
          aria-label={layoutCopy.dashboard.userMenu}
          title={layoutCopy.dashboard.userMenu}
        >
          {initial ? (
            <span
              aria-hidden
              className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
            >
              {initial}
            </span>
          ) : (
            <UserRound aria-hidden />
          )}
        </Button>
      </DropdownMenuTrigger>
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
