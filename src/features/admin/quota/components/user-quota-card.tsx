import { QuotaGrantsList, type SubscriptionSummary } from "@/features/billing";
import { getPlanCatalog, listQuotaGrants } from "@/features/billing/server";
import { formatCount } from "@/features/metering";
import { getDatabase } from "@/lib/db";
import { UserDetailCard } from "../../components/user-detail-card";
import { quotaCopy as copy } from "../copy";
import { UserQuotaActions } from "./user-quota-actions";

/** The user's page's 额度 card: plan + grants = this month's limit, the month's grants, and the actions. */
export async function UserQuotaCard({ userId, who, summary }: { userId: string; who: string; summary: SubscriptionSummary }) {
  const db = await getDatabase();
  const grants = await listQuotaGrants(db, userId, new Date());
  // Operators may give any plan, hidden ones too.
  const plans = (await getPlanCatalog(db)).publicPlans();
  const granted = summary.usage.grantedTokens;
  return (
    <UserDetailCard title={copy.card}>
      <div className="grid gap-4">
        <p className="text-sm">
          {copy.summary(summary.plan.name, formatCount(summary.plan.monthlyTokenQuota), `${granted >= 0 ? "+" : "−"}${formatCount(Math.abs(granted))}`, formatCount(summary.usage.tokensQuota))}
        </p>
        {grants.length > 0 ? <QuotaGrantsList grants={grants} /> : <p className="text-sm text-muted-foreground">{copy.grantsEmpty}</p>}
        <UserQuotaActions userId={userId} who={who} planId={summary.plan.id} plans={plans} />
      </div>
    </UserDetailCard>
  );
}
