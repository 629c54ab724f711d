"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { authCallbackRedirectTarget } from "../auth-callback-redirect";

/** The browser half of the redirect rule: only the browser can see the URL hash. */
export function AuthCallbackRedirect() {
  const pathname = usePathname();
  const router = useRouter();

  useEffect(() => {
    const follow = () => {
      const target = authCallbackRedirectTarget(window.location);
      if (target) router.replace(target);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [pathname, router]);

  return null;
}
