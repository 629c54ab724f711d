"use client";

import { DashboardLink, SignedOutLinks, type MarketingAccountPlace } from "@/features/layouts";
import { DashboardUserMenu } from "./dashboard-user-menu";
import { SignedInSwitch } from "./signed-in-switch";

/** The marketing header's account actions: 登录 / 免费注册, or 控制台 and the user menu when signed in. */
export function MarketingAccountActions({ place }: { place: MarketingAccountPlace }) {
  const signedIn =
    place === "header" ? (
      <>
        <DashboardLink place="header" />
        <DashboardUserMenu />
      </>
    ) : (
      <DashboardLink place="drawer" />
    );
  return <SignedInSwitch signedIn={signedIn} signedOut={<SignedOutLinks place={place} />} />;
}
