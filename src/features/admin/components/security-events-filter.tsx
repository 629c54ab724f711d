import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SECURITY_EVENT_LABELS } from "@/features/auth";
import { adminCopy } from "../copy";

type Query = { user: string; action: string; from: string; to: string };

/** A plain GET form: the filter lives in the URL, the server filters and pages. */
export function SecurityEventsFilter({ query }: { query: Query }) {
  const copy = adminCopy.securityEvents;
  return (
    <form method="get" action="/admin/audit" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="view" value="security" />
      <div className="grid gap-1.5">
        <Label htmlFor="event-action">{copy.filter.action}</Label>
        <NativeSelect id="event-action" name="action" defaultValue={query.action} className="w-44">
          <option value="">{copy.filter.anyAction}</option>
          {Object.entries(SECURITY_EVENT_LABELS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="event-user">{copy.filter.user}</Label>
        <Input id="event-user" name="user" defaultValue={query.user} placeholder={copy.filter.userPlaceholder} className="w-72" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="event-from">{copy.filter.from}</Label>
        <Input id="event-from" name="from" type="date" defaultValue={query.from} className="w-40" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="event-to">{copy.filter.to}</Label>
        <Input id="event-to" name="to" type="date" defaultValue={query.to} className="w-40" />
      </div>
      <Button type="submit">{copy.filter.apply}</Button>
    </form>
  );
}
