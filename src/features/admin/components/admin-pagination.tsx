import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { adminCopy } from "../copy";

type AdminPaginationProps = {
  /** The list's path and the query it keeps across pages (search, filters). */
  basePath: string;
  query?: Record<string, string>;
  page: number;
  perPage: number;
  total: number;
};

function pageHref(basePath: string, query: Record<string, string>, page: number): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value));
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** 上一页 / 下一页 over the server's pages of a console list. */
export function AdminPagination({ basePath, query = {}, page, perPage, total }: AdminPaginationProps) {
  const copy = adminCopy.users;
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={copy.pageOf(Math.min(page, pages), pages)} className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <Button variant="outline" asChild>
          <Link href={pageHref(basePath, query, page - 1)}>{copy.previous}</Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{copy.pageOf(Math.min(page, pages), pages)}</span>
      {page < pages ? (
        <Button variant="outline" asChild>
          <Link href={pageHref(basePath, query, page + 1)}>{copy.next}</Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
