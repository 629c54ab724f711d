import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DisableRedeemBatchButton, RedeemBatchForm } from "@/features/admin/redeem";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { formatBillingDate } from "@/features/billing";
import { getPlanCatalog, redeemablePlans } from "@/features/billing/server";
import { PageHeading } from "@/features/layouts";
import { describeRedeemValue, listRedeemBatches } from "@/features/wallet/server";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata("兑换码");
export const unstable_dynamicStaleTime = 0;

/** 兑换码: make a batch, export its codes as CSV, disable it; how many codes each has and how often they were redeemed. */
export default async function AdminRedeemPage() {
  await requireAdminPage();
  const db = await getDatabase();
  const [batches, plans, catalog] = [await listRedeemBatches(db), await redeemablePlans(db), await getPlanCatalog(db)];
  const paidPlans = catalog.plans.filter((plan) => plan.id !== "free").map((plan) => ({ id: plan.id, name: plan.name }));
  return (
    <div className="grid gap-6">
      <PageHeading title="兑换码" description="批量生成兑换码（余额、Token 或若干天的套餐），导出 CSV 后通过其他渠道发放或在活动中赠送；用户在「订阅与账单」页面兑换，每次兑换都有记录。" />
      <Card>
        <CardHeader>
          <CardTitle>生成兑换码</CardTitle>
        </CardHeader>
        <CardContent>
          <RedeemBatchForm plans={paidPlans} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>批次</CardTitle>
        </CardHeader>
        <CardContent>
          {batches.length === 0 ? (
            <p className="text-sm text-muted-foreground">还没有兑换码批次</p>
          ) : (
            <Table aria-label="兑换码批次">
              <TableHeader>
                <TableRow>
                  <TableHead>创建时间</TableHead>
                  <TableHead>面值</TableHead>
                  <TableHead className="text-right">码数</TableHead>
                  <TableHead className="text-right">已兑换</TableHead>
                  <TableHead>规则</TableHead>
                  <TableHead>备注</TableHead>
                  <TableHead>状态</TableHead>
                  <TableHead />
                </TableRow>
              </TableHeader>
              <TableBody>
                {batches.map((batch) => (
                  <TableRow key={batch.id}>
                    <TableCell>{formatBillingDate(batch.createdAt)}</TableCell>
                    <TableCell>{describeRedeemValue(batch, plans)}</TableCell>
                    <TableCell className="text-right">{batch.codes}</TableCell>
                    <TableCell className="text-right">{batch.redemptions}</TableCell>
                    <TableCell className="text-muted-foreground">
                      {batch.maxUses === 1 ? "一次性" : `每码 ${batch.maxUses} 次`}，每人 {batch.perUserLimit} 次{batch.expiresAt ? `，${formatBillingDate(batch.expiresAt)} 过期` : ""}
                    </TableCell>
                    <TableCell className="max-w-48 truncate">{batch.note}</TableCell>
                    <TableCell>{batch.disabledAt ? "已停用" : batch.expiresAt && batch.expiresAt <= new Date() ? "已过期" : "可兑换"}</TableCell>
                    <TableCell className="flex gap-2">
                      <a className="text-sm underline underline-offset-2" href={`/api/admin/redeem-batches/${batch.id}/codes.csv`} download>
                        导出 CSV
                      </a>
                      {batch.disabledAt ? null : <DisableRedeemBatchButton batchId={batch.id} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
