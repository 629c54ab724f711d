"use client";

import { lazy, Suspense } from "react";

// Only signed-in visitors see the menu: the others never download it (nor the Radix dropdown it uses).
const DashboardUserMenu = lazy(() => import("./dashboard-user-menu").then((module) => ({ default: module.DashboardUserMenu })));

/** The user menu of the marketing header, fetched when it is first shown. */
export function LazyDashboardUserMenu() {
  return (
    // The avatar button's size, so the header does not shift when the menu arrives.
    <Suspense fallback={<span aria-hidden className="inline-block size-9" />}>
      <DashboardUserMenu />
    </Suspense>
  );
}
