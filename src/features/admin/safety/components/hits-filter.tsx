import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { safetyAdminCopy } from "../copy";
import type { HitQuery } from "../hit-query";

/** A plain GET form: the filters live in the URL, so a filtered view can be linked and exported. */
export function HitsFilter({ query }: { query: HitQuery }) {
  const copy = safetyAdminCopy.hits.filters;
  const csv = `/api/admin/safety/hits.csv?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])))}`;
  return (
    <form method="get" action="/admin/safety" aria-label={copy.label} className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor="hits-user">{copy.user}</Label>
        <Input id="hits-user" name="user" defaultValue={query.user} className="w-72" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="hits-app">{copy.app}</Label>
        <Input id="hits-app" name="app" defaultValue={query.app} className="w-40" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="hits-from">{copy.from}</Label>
        <Input id="hits-from" name="from" type="date" defaultValue={query.from} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="hits-to">{copy.to}</Label>
        <Input id="hits-to" name="to" type="date" defaultValue={query.to} />
      </div>
      <Button type="submit">{copy.apply}</Button>
      <Button asChild variant="ghost">
        <Link href="/admin/safety">{copy.clear}</Link>
      </Button>
      <Button asChild variant="outline">
        <a href={csv} download>
          {safetyAdminCopy.hits.csv}
        </a>
      </Button>
    </form>
  );
}
