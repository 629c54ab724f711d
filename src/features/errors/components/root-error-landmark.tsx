import type { ReactNode } from "react";

/** The main landmark for error screens rendered outside every layout (root not-found, error boundaries). */
export function RootErrorLandmark({ children }: { children: ReactNode }) {
  return <main className="flex flex-1 flex-col">{children}</main>;
}
