import { Link } from "@/components/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCount, ModelName } from "@/features/metering";
import { usageReportCopy as copy } from "../copy";
import type { AppModelUsage, PlanUsage, TopUser } from "../server/usage-report";

const Num = ({ value }: { value: number }) => <TableCell className="text-right tabular-nums">{formatCount(value)}</TableCell>;

export function AppModelTable({ rows }: { rows: AppModelUsage[] }) {
  return (
    <Table aria-label={copy.byAppModel}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.app}</TableHead>
          <TableHead>{copy.columns.model}</TableHead>
          <TableHead className="text-right">{copy.columns.tokens}</TableHead>
          <TableHead className="text-right">{copy.columns.calls}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.appid}:${row.model ?? ""}`}>
            <TableCell>{row.appName}</TableCell>
            <TableCell>{row.model ? <ModelName id={row.model} name={row.modelName} /> : copy.noModel}</TableCell>
            <Num value={row.tokens} />
            <Num value={row.calls} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function PlanTable({ rows }: { rows: PlanUsage[] }) {
  return (
    <Table aria-label={copy.byPlan}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.plan}</TableHead>
          <TableHead className="text-right">{copy.columns.users}</TableHead>
          <TableHead className="text-right">{copy.columns.tokens}</TableHead>
          <TableHead className="text-right">{copy.columns.calls}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.planId}>
            <TableCell>{row.planName}</TableCell>
            <Num value={row.users} />
            <Num value={row.tokens} />
            <Num value={row.calls} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function TopUsersTable({ rows }: { rows: TopUser[] }) {
  return (
    <Table aria-label={copy.topUsers}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.user}</TableHead>
          <TableHead className="text-right">{copy.columns.tokens}</TableHead>
          <TableHead className="text-right">{copy.columns.calls}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.userId}>
            <TableCell>
              <Link href={`/admin/users/${row.userId}`} className="underline-offset-4 hover:underline" translate="no">
                {row.email ?? row.userId}
              </Link>
            </TableCell>
            <Num value={row.tokens} />
            <Num value={row.calls} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
