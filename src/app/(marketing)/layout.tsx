import type { ReactNode } from "react";
import { MarketingShell } from "@/features/layouts";

/** Marketing layout: header, page, footer. */
export default function Layout({ children }: { children: ReactNode }) {
  return <MarketingShell>{children}</MarketingShell>;
}
