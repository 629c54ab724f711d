import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { usageCopy } from "../copy";
import { formatCount } from "../format";
import type { ModelUsage } from "../types";
import { EstimatedMark, ModelName } from "./latest-calls-table";

/** Model apps: calls and tokens per model (the total already weighted by the model's rate). */
export function UsageByModelTable({ models }: { models: ModelUsage[] }) {
  const { columns } = usageCopy.tokens;
  return (
    <Table aria-label={usageCopy.tokens.byModelTitle}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.model}</TableHead>
          <TableHead>{columns.app}</TableHead>
          <TableHead className="text-right">{columns.calls}</TableHead>
          <TableHead className="text-right">{columns.prompt}</TableHead>
          <TableHead className="text-right">{columns.completion}</TableHead>
          <TableHead className="text-right">{columns.total}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {models.map((row) => (
          <TableRow key={`${row.appid}/${row.model}`}>
            <TableCell className="font-medium">
              <ModelName id={row.model} name={row.modelName} />
              {row.estimatedCalls > 0 && <EstimatedMark />}
            </TableCell>
            <TableCell>{row.appName}</TableCell>
            <TableCell className="text-right">{formatCount(row.calls)}</TableCell>
            <TableCell className="text-right">{formatCount(row.promptTokens)}</TableCell>
            <TableCell className="text-right">{formatCount(row.completionTokens)}</TableCell>
            <TableCell className="text-right font-medium">{formatCount(row.tokens)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
