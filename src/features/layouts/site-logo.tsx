import { Link } from "@/components/link";
import { cn } from "@/lib/utils";
import { layoutCopy } from "./copy";
import { routes } from "./nav";
import { SparkMark } from "./spark-mark";

type SiteLogoProps = {
  href?: string;
  className?: string;
  /** Called when the link is clicked (for example to close a drawer). */
  onClick?: () => void;
};

/** The spark mark and 思维火花, linking home. */
export function SiteLogo({ href = routes.home, className, onClick }: SiteLogoProps) {
  return (
    <Link
      href={href}
      onClick={onClick}
      className={cn(
        "inline-flex items-center gap-2 rounded-md text-base font-semibold tracking-tight text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <SparkMark />
      <span>{layoutCopy.brand}</span>
    </Link>
  );
}
