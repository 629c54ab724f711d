import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen } from "@/features/billing";
import { formatCallTime, formatCount } from "@/features/metering";
import { callLogsCopy } from "../copy";
import type { CallLogEntry } from "../types";

const dash = <span className="text-muted-foreground">—</span>;

function Tokens({ entry }: { entry: CallLogEntry }) {
  if (entry.totalTokens === null) return dash;
  return (
    <span className="tabular-nums">
      {formatCount(entry.promptTokens ?? 0)} / {formatCount(entry.completionTokens ?? 0)} / {formatCount(entry.totalTokens)}
    </span>
  );
}

/** One line per `/v1` call, newest first; the request id to quote when asking support about a call. */
export function CallLogsTable({ entries }: { entries: CallLogEntry[] }) {
  const { columns, filters, costFromQuota } = callLogsCopy;
  return (
    <Table aria-label={callLogsCopy.listTitle}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.time}</TableHead>
          <TableHead>{columns.key}</TableHead>
          <TableHead>{columns.model}</TableHead>
          <TableHead>{columns.status}</TableHead>
          <TableHead className="text-right">{columns.tokens}</TableHead>
          <TableHead className="text-right">{columns.cost}</TableHead>
          <TableHead className="text-right">{columns.duration}</TableHead>
          <TableHead>{columns.requestId}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} data-request-id={entry.requestId}>
            <TableCell className="whitespace-nowrap text-muted-foreground">{formatCallTime(entry.createdAt)}</TableCell>
            <TableCell>
              {entry.keyName || filters.deletedKey}
              <span className="block text-xs text-muted-foreground" translate="no">
                {entry.keyPrefix}
              </span>
            </TableCell>
            <TableCell className="font-medium">
              <span translate="no">{entry.model ?? "—"}</span>
              <span className="block text-xs font-normal text-muted-foreground" translate="no">
                {entry.endpoint}
              </span>
            </TableCell>
            <TableCell>
              <Badge variant={entry.status < 400 ? "secondary" : "destructive"}>{entry.status}</Badge>
              {entry.errorCode && (
                <span className="block text-xs text-muted-foreground" translate="no">
                  {entry.errorCode}
                </span>
              )}
            </TableCell>
            <TableCell className="text-right">
              <Tokens entry={entry} />
            </TableCell>
            <TableCell className="text-right">{entry.costFen !== null ? formatAmountFen(entry.costFen) : entry.totalTokens !== null ? <span className="text-muted-foreground">{costFromQuota}</span> : dash}</TableCell>
            <TableCell className="text-right tabular-nums">{entry.durationMs.toLocaleString("zh-CN")} ms</TableCell>
            <TableCell className="font-mono text-xs" translate="no">
              {entry.requestId}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
