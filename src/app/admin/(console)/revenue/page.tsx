import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { revenueByDay, revenueRange } from "@/features/admin/revenue/server";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { formatAmountFen } from "@/features/billing";
import { PageHeading } from "@/features/layouts";
import { ApiRouteError } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata("收入");
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<{ from?: string; to?: string }> };

/** 收入: top-ups, plan sales and refunds per day (China time) for a chosen range; the last 30 days at first. */
export default async function AdminRevenuePage({ searchParams }: Props) {
  await requireAdminPage();
  const query = await searchParams;
  const url = new URL("http://console/revenue");
  if (typeof query.from === "string") url.searchParams.set("from", query.from);
  if (typeof query.to === "string") url.searchParams.set("to", query.to);
  let range;
  let problem: string | null = null;
  try {
    range = revenueRange(url);
  } catch (error) {
    problem = error instanceof ApiRouteError ? error.message : "日期范围无效";
    range = revenueRange(new URL("http://console/revenue"));
  }
  const report = await revenueByDay(await getDatabase(), range);
  const net = report.totals.topUpFen + report.totals.planSalesFen - report.totals.refundsFen;
  return (
    <div className="grid gap-6">
      <PageHeading title="收入" description="按天（北京时间）汇总余额充值、套餐销售（含续费与变更）和退款，数据来自支付记录。" />
      <Card>
        <CardHeader>
          <CardTitle>日期范围</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <form method="get" className="flex flex-wrap items-end gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="revenue-from">开始日期</Label>
              <Input id="revenue-from" name="from" type="date" defaultValue={report.from} required />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="revenue-to">结束日期</Label>
              <Input id="revenue-to" name="to" type="date" defaultValue={report.to} required />
            </div>
            <Button type="submit">查询</Button>
          </form>
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}，已显示最近 30 天。
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            {report.from} 至 {report.to}：净收入 {formatAmountFen(net)}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {report.days.length === 0 ? (
            <p className="text-sm text-muted-foreground">这段时间没有收入或退款</p>
          ) : (
            <Table aria-label="每日收入">
              <TableHeader>
                <TableRow>
                  <TableHead>日期</TableHead>
                  <TableHead className="text-right">余额充值</TableHead>
                  <TableHead className="text-right">套餐销售</TableHead>
                  <TableHead className="text-right">退款</TableHead>
                  <TableHead className="text-right">净收入</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.days.map((day) => (
                  <TableRow key={day.day}>
                    <TableCell>{day.day}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatAmountFen(day.topUpFen)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatAmountFen(day.planSalesFen)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatAmountFen(day.refundsFen)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatAmountFen(day.topUpFen + day.planSalesFen - day.refundsFen)}</TableCell>
                  </TableRow>
                ))}
                <TableRow className="font-medium">
                  <TableCell>合计</TableCell>
                  <TableCell className="text-right tabular-nums">{formatAmountFen(report.totals.topUpFen)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatAmountFen(report.totals.planSalesFen)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatAmountFen(report.totals.refundsFen)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatAmountFen(net)}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
