import { cn } from "@/lib/utils";

/** The brand mark: a spark on a rounded primary tile. Decorative; the brand name carries the meaning. */
export function SparkMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm ring-1 ring-primary/30",
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-[62%]" fill="currentColor" focusable="false">
        <path d="M11 3c.55 4.6 3.4 7.45 8 8-4.6.55-7.45 3.4-8 8-.55-4.6-3.4-7.45-8-8 4.6-.55 7.45-3.4 8-8Z" />
        <path d="M19 2.5c.22 1.55 1 2.33 2.5 2.5-1.5.17-2.28.95-2.5 2.5-.22-1.55-1-2.33-2.5-2.5 1.5-.17 2.28-.95 2.5-2.5Z" opacity=".75" />
      </svg>
    </span>
  );
}
