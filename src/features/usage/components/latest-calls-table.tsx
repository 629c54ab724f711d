import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { usageCopy } from "../copy";
import { formatCallTime, formatCount } from "../format";
import type { UsageCall } from "../types";

/** The most recent AI calls with their token split and latency. */
export function LatestCallsTable({ calls }: { calls: UsageCall[] }) {
  const { columns, latency } = usageCopy.tokens;
  return (
    <Table aria-label={usageCopy.tokens.latestTitle}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.time}</TableHead>
          <TableHead>{columns.app}</TableHead>
          <TableHead>{columns.kind}</TableHead>
          <TableHead className="text-right">{columns.prompt}</TableHead>
          <TableHead className="text-right">{columns.completion}</TableHead>
          <TableHead className="text-right">{columns.total}</TableHead>
          <TableHead className="text-right">{columns.latency}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {calls.map((call) => (
          <TableRow key={call.id}>
            <TableCell className="text-muted-foreground">{formatCallTime(call.createdAt)}</TableCell>
            <TableCell className="font-medium">{call.appName}</TableCell>
            <TableCell>{usageCopy.kinds[call.kind]}</TableCell>
            <TableCell className="text-right">{formatCount(call.promptTokens)}</TableCell>
            <TableCell className="text-right">{formatCount(call.completionTokens)}</TableCell>
            <TableCell className="text-right font-medium">{formatCount(call.totalTokens)}</TableCell>
            <TableCell className="text-right text-muted-foreground">{latency(call.latencyMs)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
