"use client";

import { UserRound } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { usePopupOnDemand } from "@/components/use-popup-on-demand";
import { firstLoadLayoutCopy } from "./first-load-copy";

// The menu (Radix dropdown + floating-ui) is on every dashboard page but opened now and then: loaded on demand.
const loadUserMenu = () => import("./user-menu-popup");

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
  const menu = usePopupOnDemand(loadUserMenu);
  const button = (extraProps: object) => (
    // A plain <button>, not <Button>: this island is on every dashboard page, and <Button> brings tailwind-merge.
    <button
      type="button"
      className={`${buttonVariants({ variant: "ghost", size: "icon-round" })}${className ? ` ${className}` : ""}`}
      aria-label={firstLoadLayoutCopy.userMenu}
      title={firstLoadLayoutCopy.userMenu}
      {...extraProps}
    >
      {initial ? (
        <span aria-hidden className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
          {initial}
        </span>
      ) : (
        <UserRound aria-hidden />
      )}
    </button>
  );

  if (!menu.Popup) return button(menu.placeholderProps);
  return <menu.Popup trigger={button(menu.triggerProps)} open={menu.open} onOpenChange={menu.setOpen} name={name} email={email} onSignOut={onSignOut} />;
}
