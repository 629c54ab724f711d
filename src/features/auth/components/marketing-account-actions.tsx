import { DashboardLink, SignedOutLinks, type MarketingAccountPlace } from "@/features/layouts";
import { LazyDashboardUserMenu } from "./lazy-dashboard-user-menu";
import { SignedInSwitch } from "./signed-in-switch";

/**
 * The marketing header's account actions: 登录 / 免费注册, or 控制台 and the user menu when signed in.
 * A server component: both states' links are rendered here, so the browser only runs the switch (and
 * never downloads <Button>'s tailwind-merge for them).
 */
export function MarketingAccountActions({ place }: { place: MarketingAccountPlace }) {
  const signedIn =
    place === "header" ? (
      <>
        <DashboardLink place="header" />
        <LazyDashboardUserMenu />
      </>
    ) : (
      <DashboardLink place="drawer" />
    );
  return <SignedInSwitch signedIn={signedIn} signedOut={<SignedOutLinks place={place} />} />;
}
