import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ordersCopy as copy } from "../copy";
import { ORDER_PROVIDERS, ORDER_STATUSES, type OrderQuery } from "../types";
import { providerLabel } from "@/features/billing";

function csvHref(query: OrderQuery, payments: boolean): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value));
  if (payments) params.set("view", "payments");
  const search = params.toString();
  return `/api/admin/orders.csv${search ? `?${search}` : ""}`;
}

/**
 * A plain GET form: the list page reads the filter on the server, so it works before any script loads.
 * The 付款记录 view (`payments`) has no order status.
 */
export function OrdersFilterForm({ query, payments = false }: { query: OrderQuery; payments?: boolean }) {
  const filtered = Object.values(query).some(Boolean);
  const base = payments ? "/admin/orders?view=payments" : "/admin/orders";
  return (
    <form role="search" action="/admin/orders" method="get" className="flex flex-wrap items-end gap-2">
      {payments ? <input type="hidden" name="view" value="payments" /> : null}
      <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
        <Label htmlFor="orders-user">{copy.filters.user}</Label>
        <Input id="orders-user" type="search" name="user" defaultValue={query.user} placeholder={copy.filters.userPlaceholder} maxLength={320} />
      </div>
      <div className={payments ? "hidden" : "grid gap-1.5"}>
        <Label htmlFor="orders-status">{copy.filters.status}</Label>
        <NativeSelect id="orders-status" name="status" defaultValue={query.status} className="w-28" disabled={payments}>
          <option value="">{copy.filters.all}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {copy.statuses[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="orders-provider">{copy.filters.provider}</Label>
        <NativeSelect id="orders-provider" name="provider" defaultValue={query.provider} className="w-32">
          <option value="">{copy.filters.all}</option>
          {ORDER_PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {providerLabel(provider)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="orders-from">{copy.filters.from}</Label>
        <Input id="orders-from" type="date" name="from" defaultValue={query.from} className="w-40" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="orders-to">{copy.filters.to}</Label>
        <Input id="orders-to" type="date" name="to" defaultValue={query.to} className="w-40" />
      </div>
      <Button type="submit">{copy.filters.apply}</Button>
      {filtered ? (
        <Button variant="ghost" asChild>
          <Link href={base}>{copy.filters.clear}</Link>
        </Button>
      ) : null}
      <Button variant="outline" asChild>
        <a href={csvHref(query, payments)} download>
          {copy.filters.exportCsv}
        </a>
      </Button>
    </form>
  );
}
