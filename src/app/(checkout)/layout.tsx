import type { ReactNode } from "react";
import { AppPageShell } from "@/features/layouts";

/** The checkout page uses the default layout (the slim app-page shell). */
export default function Layout({ children }: { children: ReactNode }) {
  return <AppPageShell>{children}</AppPageShell>;
}
