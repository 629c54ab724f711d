import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen } from "@/features/billing";
import { WALLET_ENTRY_LABELS } from "@/features/wallet";
import type { WalletLedgerEntry } from "@/lib/db/schema/wallet";
import { UserDetailCard } from "../../components/user-detail-card";
import { formatAdminDateTime } from "../../format";
import { WalletAdjustForm } from "./wallet-adjust-form";

/** The user page's 余额与流水: the balance, the adjustment form and the latest ledger entries. */
export function UserWalletCard({ userId, balanceFen, entries }: { userId: string; balanceFen: number; entries: WalletLedgerEntry[] }) {
  return (
    <UserDetailCard title="余额与流水">
      <div className="grid gap-4">
        <p className="text-2xl font-semibold tabular-nums" data-testid="admin-wallet-balance">
          {formatAmountFen(balanceFen)}
        </p>
        <WalletAdjustForm userId={userId} />
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">还没有余额流水</p>
        ) : (
          <Table aria-label="余额流水">
            <TableHeader>
              <TableRow>
                <TableHead>时间</TableHead>
                <TableHead>类型</TableHead>
                <TableHead>说明</TableHead>
                <TableHead className="text-right">金额</TableHead>
                <TableHead className="text-right">余额</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{formatAdminDateTime(entry.createdAt.toISOString())}</TableCell>
                  <TableCell>{WALLET_ENTRY_LABELS[entry.kind]}</TableCell>
                  <TableCell className="max-w-72 truncate" title={entry.cause}>
                    {entry.cause}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{(entry.amountFen > 0 ? "+" : "") + formatAmountFen(entry.amountFen)}</TableCell>
                  <TableCell className="text-right tabular-nums text-muted-foreground">{formatAmountFen(entry.balanceAfterFen)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </UserDetailCard>
  );
}
