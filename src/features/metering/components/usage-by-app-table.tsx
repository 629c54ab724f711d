import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { usageCopy } from "../copy";
import { formatCount } from "../format";
import type { AppUsage } from "../types";

/** Tokens and calls per app, with each app's share of the total. */
export function UsageByAppTable({ apps }: { apps: AppUsage[] }) {
  const { columns } = usageCopy.tokens;
  const total = apps.reduce((sum, app) => sum + app.tokens, 0);
  return (
    <Table aria-label={usageCopy.tokens.byAppTitle}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.app}</TableHead>
          <TableHead>{columns.kind}</TableHead>
          <TableHead className="text-right">{columns.calls}</TableHead>
          <TableHead className="text-right">{columns.tokens}</TableHead>
          <TableHead className="text-right">{columns.share}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {apps.map((app) => (
          <TableRow key={app.appid}>
            <TableCell className="font-medium">{app.appName}</TableCell>
            <TableCell>{usageCopy.kinds[app.kind]}</TableCell>
            <TableCell className="text-right">{formatCount(app.calls)}</TableCell>
            <TableCell className="text-right">{formatCount(app.tokens)}</TableCell>
            <TableCell className="text-right text-muted-foreground">{total > 0 ? `${Math.round((app.tokens / total) * 100)}%` : "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
