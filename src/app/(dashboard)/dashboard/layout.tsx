import type { ReactNode } from "react";
import { DashboardShell } from "@/features/layouts";

/** Dashboard layout (saas-dashboard): sidebar, top bar, page. */
export default function Layout({ children }: { children: ReactNode }) {
  return <DashboardShell>{children}</DashboardShell>;
}
