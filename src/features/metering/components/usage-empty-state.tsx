import { BarChart3 } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { usageCopy } from "../copy";

/** Shown instead of charts and tables while the user has no usage yet. */
export function UsageEmptyState() {
  const { tokens } = usageCopy;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-14 text-center">
      <BarChart3 className="size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{tokens.emptyTitle}</p>
      <p className="text-sm text-muted-foreground">{tokens.emptyDescription}</p>
      <Button variant="outline" asChild>
        <Link href="/dashboard/ai/ai">{tokens.openApps}</Link>
      </Button>
    </div>
  );
}
