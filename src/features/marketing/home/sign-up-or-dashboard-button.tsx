import { ArrowRight } from "lucide-react";
import { Link } from "@/components/link";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { SignedInSwitch } from "@/features/auth";
import { marketingCopy } from "../copy";

type ButtonLook = Pick<ComponentProps<typeof Button>, "size" | "variant" | "className">;

/** The home page's call to action: 免费注册, or 进入控制台 for a visitor who is already signed in. */
export function SignUpOrDashboardButton({ signUpLabel, ...look }: ButtonLook & { signUpLabel: string }) {
  const button = (href: string, label: string) => (
    <Button {...look} asChild>
      <Link href={href}>
        {label}
        <ArrowRight aria-hidden />
      </Link>
    </Button>
  );
  return <SignedInSwitch signedIn={button("/dashboard", marketingCopy.home.dashboardCta)} signedOut={button("/auth/signup", signUpLabel)} />;
}
