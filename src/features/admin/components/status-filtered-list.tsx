import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { AdminPagination } from "./admin-pagination";

type StatusFilteredListProps<Status extends string> = {
  /** The select's id and the query parameter's name prefix (e.g. `report` → `report-status`). */
  name: string;
  statuses: readonly Status[];
  status: Status;
  copy: { filterLabel: string; show: string; filters: Record<Status, string>; total: (count: number) => string };
  /** The page's path, for the pagination links. */
  basePath: string;
  list: { page: number; perPage: number; total: number };
  /** The table of this page's rows. */
  children: ReactNode;
};

/** A console queue by status (举报, 发票): the status filter (a GET form), then the rows with pagination. */
export function StatusFilteredList<Status extends string>({ name, statuses, status, copy, basePath, list, children }: StatusFilteredListProps<Status>) {
  return (
    <>
      <form method="get" className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${name}-status`}>{copy.filterLabel}</Label>
          <NativeSelect id={`${name}-status`} name="status" defaultValue={status} className="w-32">
            {statuses.map((value) => (
              <option key={value} value={value}>
                {copy.filters[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          {copy.show}
        </Button>
      </form>
      <Card>
        <CardHeader>
          <CardTitle>{copy.filters[status]}</CardTitle>
          <CardDescription>{copy.total(list.total)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {children}
          <AdminPagination basePath={basePath} query={{ status }} page={list.page} perPage={list.perPage} total={list.total} />
        </CardContent>
      </Card>
    </>
  );
}
