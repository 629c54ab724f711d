import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminPagination } from "@/features/admin";
import { OrdersFilterForm, OrdersTable, ordersCopy as copy } from "@/features/admin/orders";
import { listOrders, parseOrderQuery } from "@/features/admin/orders/server";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(copy.title);
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** 订单: every user's checkout orders, filtered and paged on the server (src/features/admin/orders). */
export default async function AdminOrdersPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const read = (key: string) => (typeof params[key] === "string" ? (params[key] as string) : null);
  const query = parseOrderQuery(read);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(read("page") ?? "1", 10) || 1));
  const result = await listOrders(await getDatabase(), query, page);
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <Card>
        <CardHeader>
          <CardTitle className="sr-only">{copy.filters.apply}</CardTitle>
          <OrdersFilterForm query={result.query} />
          <CardDescription>{query.user && !result.userMatched ? copy.noUser : copy.total(result.total)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <OrdersTable orders={result.orders} />
          <AdminPagination basePath="/admin/orders" query={result.query} page={result.page} perPage={result.perPage} total={result.total} />
        </CardContent>
      </Card>
    </div>
  );
}
