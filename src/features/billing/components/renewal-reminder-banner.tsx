import { CalendarClock } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { billingCopy } from "../copy";
import { formatBillingDate } from "../format";

/** 续费提醒 on the dashboard and the billing page, once the reminder job sent one for this period. */
export function RenewalReminderBanner({ reminder, showLink = true }: { reminder: { planName: string; periodEnd: string } | null; showLink?: boolean }) {
  if (!reminder) return null;
  return (
    <div role="status" data-testid="renewal-reminder" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-900 dark:text-amber-100">
      <p className="flex items-center gap-2">
        <CalendarClock className="size-4 shrink-0" aria-hidden />
        {billingCopy.billing.renewalReminder(reminder.planName, formatBillingDate(reminder.periodEnd))}
      </p>
      {showLink ? (
        <Button size="sm" variant="outline" asChild>
          <Link href="/dashboard/settings/billing">{billingCopy.billing.renew}</Link>
        </Button>
      ) : null}
    </div>
  );
}
