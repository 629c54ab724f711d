import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { PriceForm } from "@/features/admin/prices";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { listEnabledApps } from "@/features/ai-apps/server";
import { describeAppPrices } from "@/features/metering/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";

export const generateMetadata = () => adminPageMetadata("价格");
export const unstable_dynamicStaleTime = 0;

/** 价格: each enabled app's pay-as-you-go price (倍率, input / output prices, or per call). */
export default async function AdminPricesPage() {
  await requireAdminPage();
  const db = await getDatabase();
  const apps = await describeAppPrices(db, await listEnabledApps(db));
  const basePrice = String(getEnv().PAYG_TOKEN_PRICE_FEN_PER_MILLION / 100);
  return (
    <div className="grid gap-6">
      <PageHeading title="价格" description="设置每个应用的按量付费价格：套餐额度用完后，开启按量付费的用户按此价格从余额扣费；价格也显示在公开的价格页。" />
      <Card>
        <CardHeader>
          <CardTitle>设置价格</CardTitle>
        </CardHeader>
        <CardContent>
          <PriceForm apps={apps.map(({ appid, name, custom }) => ({ appid, name, custom }))} basePrice={basePrice} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>当前价格</CardTitle>
        </CardHeader>
        <CardContent>
          <Table aria-label="当前价格">
            <TableHeader>
              <TableRow>
                <TableHead>应用</TableHead>
                <TableHead>价格</TableHead>
                <TableHead>来源</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {apps.map((app) => (
                <TableRow key={app.appid}>
                  <TableCell className="font-medium">{app.name}</TableCell>
                  <TableCell>{app.price}</TableCell>
                  <TableCell className="text-muted-foreground">{app.custom ? "单独设置" : "基础价格"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}
