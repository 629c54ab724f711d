import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** /pricing's 按量付费价格: what a call of each app costs from the balance once the plan's tokens are spent. */
export function PriceList({ prices }: { prices: readonly { appid: string; name: string; price: string }[] }) {
  if (prices.length === 0) return null;
  return (
    <section className="grid gap-4" aria-labelledby="price-list-title">
      <div className="grid gap-1">
        <h2 id="price-list-title" className="text-2xl font-semibold">
          按量付费价格
        </h2>
        <p className="text-muted-foreground">套餐额度用完后，开启按量付费的用户可以继续使用，按下列价格从余额扣费（每次调用向上取整到分）。</p>
      </div>
      <Table aria-label="按量付费价格">
        <TableHeader>
          <TableRow>
            <TableHead>应用</TableHead>
            <TableHead>价格</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {prices.map((app) => (
            <TableRow key={app.appid}>
              <TableCell className="font-medium">{app.name}</TableCell>
              <TableCell>{app.price}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
