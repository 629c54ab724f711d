"use client";

import { Bot, Coins, CreditCard, HardDrive, LayoutDashboard, Library, NotebookPen, ScrollText, Settings, Users, type LucideIcon } from "lucide-react";
import { Link } from "@/components/link";
import { usePathname } from "next/navigation";
import { useId } from "react";
import { clsx } from "clsx";
import { dashboardNav, isNavItemActive, type NavGroup } from "./nav";

// clsx, not cn(): the classes never conflict, and cn brings tailwind-merge (~8 KB) into every dashboard page.
const icons: Record<string, LucideIcon> = {
  "/dashboard": LayoutDashboard,
  "/dashboard/ai/ai": Bot,
  "/dashboard/ai/tokens": Coins,
  "/dashboard/knowledge": Library,
  "/dashboard/demo/notes": NotebookPen,
  "/dashboard/demo/storage": HardDrive,
  "/dashboard/settings": Settings,
  "/dashboard/settings/billing": CreditCard,
  "/admin/users": Users,
  "/admin/audit": ScrollText,
};

type DashboardNavProps = {
  /** Called when a link is clicked (closes the drawer). */
  onNavigate?: () => void;
  className?: string;
  /** The links; the dashboard's by default (the operator console passes its own). */
  groups?: readonly NavGroup[];
};

/** The dashboard's grouped links, with the current page marked. Used by the sidebar and the drawer. */
export function DashboardNav({ onNavigate, className, groups = dashboardNav }: DashboardNavProps) {
  const pathname = usePathname();
  // The sidebar and the drawer both render this list, so heading ids must be unique per instance.
  const idPrefix = useId();
  return (
    <div className={clsx("flex flex-col gap-5", className)}>
      {groups.map((group, index) => {
        const headingId = group.label ? `${idPrefix}-group-${index}` : undefined;
        return (
          <div key={group.label ?? index} role={group.label ? "group" : undefined} aria-labelledby={headingId}>
            {group.label ? (
              <p id={headingId} className="mb-1.5 px-3 text-xs font-medium tracking-wide text-muted-foreground">
                {group.label}
              </p>
            ) : null}
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => {
                const active = isNavItemActive(item, pathname);
                const Icon = icons[item.href];
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={clsx(
                        "flex h-9 items-center gap-2.5 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                        active
                          ? "bg-accent text-accent-foreground"
                          : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                      )}
                    >
                      {Icon ? <Icon className="size-4 shrink-0" aria-hidden /> : null}
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
