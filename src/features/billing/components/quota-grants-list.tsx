import { formatBillingDate, formatTokens } from "../format";
import type { QuotaGrantView } from "../types";

/** This month's grants (运营赠送 / 收回) with their reasons: on the user's usage page and the operator's user page. */
export function QuotaGrantsList({ grants }: { grants: QuotaGrantView[] }) {
  return (
    <ul className="grid gap-2 text-sm" aria-label="本月额度调整">
      {grants.map((grant) => (
        <li key={grant.id} className="flex flex-wrap items-baseline gap-x-3">
          <span className={grant.tokens > 0 ? "font-medium text-emerald-700 dark:text-emerald-400" : "font-medium text-destructive"}>
            {grant.tokens > 0 ? `赠送 +${formatTokens(grant.tokens)}` : `收回 −${formatTokens(-grant.tokens)}`} Token
          </span>
          <span className="min-w-0 break-words">{grant.reason}</span>
          <span className="text-muted-foreground">{formatBillingDate(grant.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}
