import { Link } from "@/components/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen, formatTokens } from "@/features/billing";
import { plansCopy as copy } from "../copy";
import type { AdminPlanRow } from "../types";

/** Every plan in pricing order (hidden ones marked), each linking to its edit page. */
export function PlansTable({ plans }: { plans: AdminPlanRow[] }) {
  if (plans.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  return (
    <Table aria-label={copy.title}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.name}</TableHead>
          <TableHead>{copy.columns.id}</TableHead>
          <TableHead className="text-right">{copy.columns.monthly}</TableHead>
          <TableHead className="text-right">{copy.columns.yearly}</TableHead>
          <TableHead className="text-right">{copy.columns.tokens}</TableHead>
          <TableHead className="text-right">{copy.columns.subscribers}</TableHead>
          <TableHead>{copy.columns.visible}</TableHead>
          <TableHead className="text-right">{copy.columns.position}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {plans.map((plan) => (
          <TableRow key={plan.id}>
            <TableCell>
              <Link href={`/admin/plans/${plan.id}`} className="font-medium underline-offset-4 hover:underline">
                {plan.name}
              </Link>
            </TableCell>
            <TableCell translate="no" className="font-mono text-xs">
              {plan.id}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatAmountFen(plan.monthlyPriceFen)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatAmountFen(plan.yearlyPriceFen)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatTokens(plan.monthlyTokenQuota)}</TableCell>
            <TableCell className="text-right tabular-nums">{plan.subscribers.toLocaleString("zh-CN")}</TableCell>
            <TableCell>{plan.visible ? <Badge variant="secondary">{copy.shown}</Badge> : <Badge variant="outline">{copy.hidden}</Badge>}</TableCell>
            <TableCell className="text-right tabular-nums">{plan.position}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
