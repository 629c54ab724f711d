import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { adminCopy } from "../copy";

/** A plain GET form: the list page reads `?q=` on the server, so it works before any script loads. */
export function UsersSearchForm({ query }: { query: string }) {
  const copy = adminCopy.users;
  return (
    <form role="search" action="/admin/users" method="get" className="flex flex-wrap items-center gap-2">
      <Input
        type="search"
        name="q"
        defaultValue={query}
        aria-label={copy.searchLabel}
        placeholder={copy.searchPlaceholder}
        maxLength={200}
        className="min-w-0 flex-1 basis-56"
      />
      <Button type="submit">{copy.search}</Button>
      {query ? (
        <Button variant="ghost" asChild>
          <Link href="/admin/users">{copy.clear}</Link>
        </Button>
      ) : null}
    </form>
  );
}
