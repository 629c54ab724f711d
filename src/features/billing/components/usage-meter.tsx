import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import { billingCopy } from "../copy";
import { formatTokens } from "../format";

/** This month's tokens against the plan's quota, as a bar with the figures beside it. */
export function UsageMeter({ tokensUsed, tokensQuota, className }: { tokensUsed: number; tokensQuota: number; className?: string }) {
  const { billing } = billingCopy;
  const percent = tokensQuota > 0 ? (tokensUsed / tokensQuota) * 100 : 100;
  const exhausted = tokensUsed >= tokensQuota;
  return (
    <div className={cn("grid gap-2", className)} data-testid="usage-meter">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{billing.usageOf(tokensUsed.toLocaleString("zh-CN"), formatTokens(tokensQuota))}</span>
        <span className={cn("text-muted-foreground", exhausted && "font-medium text-destructive")}>
          {exhausted ? billing.usageExhausted : billing.usageLeft(formatTokens(tokensQuota - tokensUsed))}
        </span>
      </div>
      <Progress value={percent} tone={exhausted ? "destructive" : percent >= 80 ? "warning" : "default"} aria-label={billing.usageTitle} />
    </div>
  );
}
