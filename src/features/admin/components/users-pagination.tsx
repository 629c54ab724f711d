import Link from "next/link";
import { Button } from "@/components/ui/button";
import { adminCopy } from "../copy";

function pageHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/users?${search}` : "/admin/users";
}

/** 上一页 / 下一页 over the server's pages. */
export function UsersPagination({ query, page, perPage, total }: { query: string; page: number; perPage: number; total: number }) {
  const copy = adminCopy.users;
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={copy.pageOf(page, pages)} className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <Button variant="outline" asChild>
          <Link href={pageHref(query, page - 1)}>{copy.previous}</Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{copy.pageOf(Math.min(page, pages), pages)}</span>
      {page < pages ? (
        <Button variant="outline" asChild>
          <Link href={pageHref(query, page + 1)}>{copy.next}</Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
