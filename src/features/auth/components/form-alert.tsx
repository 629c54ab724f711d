import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A message above a form (server errors, OAuth failures), announced to screen readers. */
export function FormAlert({ children, tone = "error", className }: { children: ReactNode; tone?: "error" | "info"; className?: string }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md border px-3 py-2 text-sm",
        tone === "error" ? "border-destructive/40 bg-destructive/10 text-destructive" : "border-border bg-muted/60 text-muted-foreground",
        className,
      )}
    >
      {children}
    </div>
  );
}
