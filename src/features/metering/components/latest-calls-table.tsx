import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen } from "@/features/billing";
import { usageCopy } from "../copy";
import { formatCallTime, formatCount } from "../format";
import type { UsageCall } from "../types";

/** Whether the upstream split the call's tokens (Dify's workflows report only a total). */
function hasTokenSplit(call: UsageCall): boolean {
  return call.promptTokens + call.completionTokens > 0 || call.totalTokens === 0;
}

/** 输入 / 输出 of one call: the figure when known, else a marked dash (never a misleading 0). */
function TokenSplitCell({ call, tokens }: { call: UsageCall; tokens: number }) {
  if (hasTokenSplit(call)) return <TableCell className="text-right">{formatCount(tokens)}</TableCell>;
  const { splitUnknown, splitUnknownHint } = usageCopy.tokens;
  return (
    <TableCell className="text-right text-muted-foreground">
      <abbr title={splitUnknownHint} aria-label={splitUnknownHint} className="cursor-help no-underline">
        {splitUnknown}
      </abbr>
    </TableCell>
  );
}

/** A model by the name its app gives it (the id on hover); the id itself when it has none. */
export function ModelName({ id, name }: { id: string; name: string | null }) {
  // The id on hover is data, not copy (translate="no").
  return name ? (
    <span title={id} translate="no">
      {name}
    </span>
  ) : (
    <span translate="no">{id}</span>
  );
}

/** Marks figures we counted ourselves because the provider sent none. */
export function EstimatedMark() {
  const { estimated, estimatedHint } = usageCopy.tokens;
  return (
    <abbr title={estimatedHint} aria-label={estimatedHint} className="ml-1 cursor-help no-underline" translate="yes">
      （{estimated}）
    </abbr>
  );
}

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
          <TableHead className="text-right">{columns.cost}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {calls.map((call) => (
          <TableRow key={call.id}>
            <TableCell className="text-muted-foreground">{formatCallTime(call.createdAt)}</TableCell>
            <TableCell className="font-medium">
              {call.appName}
              {call.model && (
                <span className="block text-xs font-normal text-muted-foreground">
                  <ModelName id={call.model} name={call.modelName} />
                  {call.estimated && <EstimatedMark />}
                </span>
              )}
              {call.apiKeyName !== null && <span className="block text-xs font-normal text-muted-foreground">{usageCopy.tokens.viaApiKey(call.apiKeyName)}</span>}
            </TableCell>
            <TableCell>{usageCopy.kinds[call.kind]}</TableCell>
            <TokenSplitCell call={call} tokens={call.promptTokens} />
            <TokenSplitCell call={call} tokens={call.completionTokens} />
            <TableCell className="text-right font-medium">{formatCount(call.totalTokens)}</TableCell>
            <TableCell className="text-right text-muted-foreground">{latency(call.latencyMs)}</TableCell>
            <TableCell className="text-right">{call.costFen === null ? <span className="text-muted-foreground">{usageCopy.tokens.withinPlan}</span> : formatAmountFen(call.costFen)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
