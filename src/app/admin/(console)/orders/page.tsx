import { Link } from "@/components/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminPagination } from "@/features/admin";
import { OrdersFilterForm, OrdersTable, ordersCopy as copy, PaymentsTable } from "@/features/admin/orders";
import { listAllPayments, listOrders, parseOrderQuery } from "@/features/admin/orders/server";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";
import { cn } from "@/lib/utils";
import { parsePageNumber } from "@/lib/pagination";

export const generateMetadata = () => adminPageMetadata(copy.title);
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * 订单: every user's checkout orders, or under ?view=payments every payment (renewals and refunds
 * too), filtered and paged on the server (src/features/admin/orders).
 */
export default async function AdminOrdersPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const read = (key: string) => (typeof params[key] === "string" ? (params[key] as string) : null);
  const query = parseOrderQuery(read);
  const page = parsePageNumber(read("page"));
  const payments = read("view") === "payments";
  const db = await getDatabase();
  const tab = (active: boolean) => cn("rounded-md px-3 py-1.5 text-sm", active ? "bg-muted font-medium" : "text-muted-foreground hover:text-foreground");
  const result = payments ? await listAllPayments(db, query, page) : await listOrders(db, query, page);
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <nav aria-label={copy.title} className="flex gap-2">
        <Link href="/admin/orders" className={tab(!payments)} aria-current={payments ? undefined : "page"}>
          {copy.tabs.orders}
        </Link>
        <Link href="/admin/orders?view=payments" className={tab(payments)} aria-current={payments ? "page" : undefined}>
          {copy.tabs.payments}
        </Link>
      </nav>
      <Card>
        <CardHeader>
          <CardTitle className="sr-only">{copy.filters.apply}</CardTitle>
          <OrdersFilterForm query={result.query} payments={payments} />
          <CardDescription>{query.user && !result.userMatched ? copy.noUser : payments ? copy.paymentsTotal(result.total) : copy.total(result.total)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {"payments" in result ? <PaymentsTable payments={result.payments} /> : <OrdersTable orders={result.orders} />}
          <AdminPagination basePath="/admin/orders" query={{ ...result.query, ...(payments ? { view: "payments" } : {}) }} page={result.page} perPage={result.perPage} total={result.total} />
        </CardContent>
      </Card>
    </div>
  );
}
