import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { layoutCopy } from "./copy";
import { routes } from "./nav";

export type MarketingAccountPlace = "header" | "drawer";

/** 登录 / 免费注册: what the marketing header offers a visitor who is not signed in. */
export function SignedOutLinks({ place }: { place: MarketingAccountPlace }) {
  if (place === "drawer") {
    return (
      <div className="flex flex-col gap-2">
        <Button variant="outline" asChild>
          <Link href={routes.signIn}>{layoutCopy.signIn}</Link>
        </Button>
        <Button asChild>
          <Link href={routes.signUp}>{layoutCopy.signUp}</Link>
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button variant="ghost" asChild className="hidden md:inline-flex">
        <Link href={routes.signIn}>{layoutCopy.signIn}</Link>
      </Button>
      <Button asChild className="hidden md:inline-flex">
        <Link href={routes.signUp}>{layoutCopy.signUp}</Link>
      </Button>
    </>
  );
}

/** 控制台: the way back in for a visitor who is signed in. */
export function DashboardLink({ place }: { place: MarketingAccountPlace }) {
  return (
    <Button asChild className={place === "header" ? "hidden md:inline-flex" : undefined}>
      <Link href={routes.dashboard}>{layoutCopy.dashboardLink}</Link>
    </Button>
  );
}
