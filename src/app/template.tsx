import type { CSSProperties, ReactNode } from "react";
import { appConfig } from "@/config/app";

/** Re-mounted on every navigation, so the page-enter animation plays per page (configurable). */
export default function PageTransition({ children }: { children: ReactNode }) {
  const { enabled, durationMs } = appConfig.pageTransition;
  if (!enabled) return children;
  const style = { "--page-transition-duration": `${durationMs}ms` } as CSSProperties;
  return (
    <div className="flex flex-1 flex-col animate-page-enter" style={style}>
      {children}
    </div>
  );
}
