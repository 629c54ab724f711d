import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { callLogsCopy } from "../copy";
import type { CallLogFilters } from "../filters";

/** The statuses a refused call most often has, offered one by one. */
const STATUSES = Object.entries(callLogsCopy.statuses);

/** The filters as a plain GET form: the page reads them from its URL, so a filtered view can be bookmarked. */
export function CallLogFiltersForm({ filters, keys, path }: { filters: CallLogFilters; keys: { id: string; name: string; prefix: string }[]; path: string }) {
  const copy = callLogsCopy.filters;
  return (
    <form method="get" action={path} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end" aria-label="筛选调用日志">
      <div className="grid gap-1.5">
        <Label htmlFor="call-log-key">{copy.key}</Label>
        <NativeSelect id="call-log-key" name="key" defaultValue={filters.key ?? ""}>
          <option value="">{copy.allKeys}</option>
          {keys.map((key) => (
            <option key={key.id} value={key.id}>
              {key.name}（{key.prefix}）
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="call-log-model">{copy.model}</Label>
        <Input id="call-log-model" name="model" defaultValue={filters.model ?? ""} placeholder={copy.modelPlaceholder} translate="no" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="call-log-status">{copy.status}</Label>
        <NativeSelect id="call-log-status" name="status" defaultValue={filters.status ?? ""}>
          <option value="">{copy.anyStatus}</option>
          <option value="ok">{copy.ok}</option>
          <option value="failed">{copy.failed}</option>
          {STATUSES.map(([status, label]) => (
            <option key={status} value={status}>
              {status} {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="call-log-from">{copy.from}</Label>
        <Input id="call-log-from" name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="call-log-to">{copy.to}</Label>
        <Input id="call-log-to" name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="flex gap-2">
        <Button type="submit">{copy.apply}</Button>
        <Button asChild variant="ghost">
          <Link href={path}>{copy.reset}</Link>
        </Button>
      </div>
    </form>
  );
}
