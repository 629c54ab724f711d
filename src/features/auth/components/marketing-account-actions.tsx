"use client";

import { lazy, Suspense } from "react";
import { DashboardLink, SignedOutLinks, type MarketingAccountPlace } from "@/features/layouts";
import { SignedInSwitch } from "./signed-in-switch";

// Only signed-in visitors see the menu: the others never download it (nor the Radix dropdown it uses).
const DashboardUserMenu = lazy(() => import("./dashboard-user-menu").then((module) => ({ default: module.DashboardUserMenu })));

/** The marketing header's account actions: 登录 / 免费注册, or 控制台 and the user menu when signed in. */
export function MarketingAccountActions({ place }: { place: MarketingAccountPlace }) {
  const signedIn =
    place === "header" ? (
      <>
        <DashboardLink place="header" />
        {/* The avatar button's size, so the header does not shift when the menu arrives. */}
        <Suspense fallback={<span aria-hidden className="inline-block size-9" />}>
          <DashboardUserMenu />
        </Suspense>
      </>
    ) : (
      <DashboardLink place="drawer" />
    );
  return <SignedInSwitch signedIn={signedIn} signedOut={<SignedOutLinks place={place} />} />;
}
