import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ModerationHitRow } from "@/lib/db/schema";
import { safetyAdminCopy } from "../copy";

const time = (date: Date) => date.toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false });

/** The hits, newest first. */
export function HitsTable({ hits }: { hits: readonly ModerationHitRow[] }) {
  const copy = safetyAdminCopy.hits;
  if (hits.length === 0) return <p className="text-muted-foreground text-sm">{copy.empty}</p>;
  return (
    <Table data-testid="moderation-hits">
      <TableHeader>
        <TableRow>
          {Object.values(copy.columns).map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {hits.map((hit) => (
          <TableRow key={hit.id}>
            <TableCell className="whitespace-nowrap">{time(hit.createdAt)}</TableCell>
            <TableCell className="font-mono text-xs">
              <a href={`/admin/users/${hit.userId}`} className="underline-offset-4 hover:underline">
                {hit.userId.slice(0, 8)}
              </a>
            </TableCell>
            <TableCell translate="no">{hit.appid}</TableCell>
            <TableCell>{copy.stages[hit.stage] ?? hit.stage}</TableCell>
            <TableCell translate="no">{hit.provider}</TableCell>
            <TableCell className="max-w-48 break-all" translate="no">
              {hit.label}
            </TableCell>
            {/* What a user wrote or a model answered: data, in whatever language. */}
            <TableCell className="max-w-80 break-all" data-user-content>
              {hit.excerpt}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
