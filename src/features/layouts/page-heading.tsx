import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

type PageHeadingProps = {
  title: string;
  /** At most one neutral sentence saying what the page is for. */
  description?: ReactNode;
  /** `lg` for marketing pages. */
  size?: "default" | "lg";
  className?: string;
};

/** A page's <h1> and optional one-line description. */
export function PageHeading({ title, description, size = "default", className }: PageHeadingProps) {
  return (
    <div className={cn("space-y-2", className)}>
      <h1 className={cn("font-bold tracking-tight", size === "lg" ? "text-3xl sm:text-4xl" : "text-2xl sm:text-3xl")}>{title}</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
    </div>
  );
}
