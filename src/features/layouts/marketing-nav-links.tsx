"use client";

import { Link } from "@/components/link";
import { usePathname } from "next/navigation";
// clsx, not cn: these classes never conflict, and cn brings tailwind-merge to every marketing page.
import { clsx } from "clsx";
import { isNavItemActive, marketingNav } from "./nav";

type MarketingNavLinksProps = {
  /** `row` for the desktop header, `column` for the mobile drawer. */
  orientation?: "row" | "column";
  /** Called when a link is clicked (closes the drawer). */
  onNavigate?: () => void;
  className?: string;
};

/** 首页 · AI · 博客 · 价格 · 文档 · 更新日志, with the current page marked. */
export function MarketingNavLinks({ orientation = "row", onNavigate, className }: MarketingNavLinksProps) {
  const pathname = usePathname();
  return (
    <ul className={clsx(orientation === "row" ? "flex items-center gap-1" : "flex flex-col gap-1", className)}>
      {marketingNav.map((item) => {
        const active = isNavItemActive(item, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={clsx(
                "flex items-center rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                orientation === "row" ? "h-9 px-3" : "h-10 px-3 text-base",
                active
                  ? "bg-accent text-accent-foreground"
                  : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
