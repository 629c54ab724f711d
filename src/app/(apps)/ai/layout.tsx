import type { ReactNode } from "react";
import { AppPageShell } from "@/features/layouts";

/** Default layout of the AI application pages. */
export default function Layout({ children }: { children: ReactNode }) {
  return <AppPageShell>{children}</AppPageShell>;
}
