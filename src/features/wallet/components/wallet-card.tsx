import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen, formatBillingDate } from "@/features/billing";
import { WALLET_ENTRY_LABELS, walletCopy } from "../copy";
import type { WalletView } from "../types";
import { PayAsYouGoForm } from "./pay-as-you-go-form";
import { RedeemForm } from "./redeem-form";
import { WalletTopUp } from "./wallet-top-up";

/** The billing page's 余额 section: the balance, 充值, 按量付费 and the ledger. */
export function WalletCard({ wallet }: { wallet: WalletView }) {
  return (
    <Card id="wallet">
      <CardHeader>
        <CardTitle>{walletCopy.balanceTitle}</CardTitle>
        <CardDescription>{walletCopy.balanceHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <p className="text-3xl font-semibold tabular-nums" data-testid="wallet-balance">
          {formatAmountFen(wallet.balanceFen)}
        </p>
        <section className="grid gap-2">
          <h3 className="font-medium">{walletCopy.topUpTitle}</h3>
          <WalletTopUp options={wallet.topUp} />
        </section>
        <section className="grid gap-2">
          <h3 className="font-medium">兑换码</h3>
          <RedeemForm />
          {wallet.redemptions.length > 0 ? (
            <ul aria-label="兑换记录" className="grid gap-1 text-sm text-muted-foreground">
              {wallet.redemptions.map((redemption) => (
                <li key={redemption.id}>
                  {formatBillingDate(redemption.createdAt)} 兑换：{redemption.granted || "兑换码"}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section className="grid gap-2">
          <h3 className="font-medium">{walletCopy.payAsYouGoTitle}</h3>
          <PayAsYouGoForm settings={wallet.payAsYouGo} />
        </section>
        <section className="grid gap-2">
          <h3 className="font-medium">{walletCopy.ledgerTitle}</h3>
          {wallet.entries.length === 0 ? (
            <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{walletCopy.ledgerEmpty}</p>
          ) : (
            <Table aria-label={walletCopy.ledgerTitle}>
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
                {wallet.entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{formatBillingDate(entry.createdAt)}</TableCell>
                    <TableCell>{WALLET_ENTRY_LABELS[entry.kind]}</TableCell>
                    <TableCell className="max-w-64 truncate" title={entry.cause}>
                      {entry.cause}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{(entry.amountFen > 0 ? "+" : "") + formatAmountFen(entry.amountFen)}</TableCell>
                    <TableCell className="text-right tabular-nums text-muted-foreground">{formatAmountFen(entry.balanceAfterFen)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
