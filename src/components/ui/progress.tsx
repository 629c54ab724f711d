import * as React from "react";
import { cn } from "@/lib/utils";

type ProgressProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** 0–100; clamped. */
  value: number;
  /** Colour of the filled part. */
  tone?: "default" | "warning" | "destructive";
};

/** A horizontal progress bar (role="progressbar" with its value for assistive technology). */
function Progress({ value, tone = "default", className, ...props }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      data-slot="progress"
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-muted", className)}
      {...props}
    >
      <div
        className={cn(
          "h-full rounded-full transition-[width]",
          tone === "destructive" ? "bg-destructive" : tone === "warning" ? "bg-amber-500" : "bg-primary",
        )}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}

export { Progress };
