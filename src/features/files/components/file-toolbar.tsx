"use client";

import { ArrowDownNarrowWide, ArrowUpNarrowWide, FolderPlus, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { filesCopy } from "../copy";
import type { SortField, SortOrder } from "../lib/entries";
import { breadcrumbsOf, type FolderLocation } from "../lib/paths";

type FileToolbarProps = {
  location: FolderLocation;
  onNavigate: (segments: string[]) => void;
  search: string;
  onSearch: (value: string) => void;
  sort: SortField;
  order: SortOrder;
  onSort: (sort: SortField, order: SortOrder) => void;
  onNewFolder: () => void;
  onRefresh: () => void;
  refreshing: boolean;
};

const SORT_FIELDS: SortField[] = ["name", "size", "updated_at"];

/** Breadcrumb, search, sort and folder actions above the file list. */
export function FileToolbar(props: FileToolbarProps) {
  const crumbs = breadcrumbsOf(props.location);
  const flipOrder = () => props.onSort(props.sort, props.order === "asc" ? "desc" : "asc");
  return (
    <div className="grid gap-3">
      <nav aria-label={filesCopy.breadcrumbLabel}>
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <li key={crumb.segments.join("/")} className="flex items-center gap-1">
                {index > 0 ? <span aria-hidden className="text-muted-foreground">/</span> : null}
                {last ? (
                  <span aria-current="page" className="font-medium">
                    {crumb.label}
                  </span>
                ) : (
                  <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={() => props.onNavigate(crumb.segments)}>
                    {crumb.label}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="search"
          aria-label={filesCopy.searchLabel}
          placeholder={filesCopy.searchPlaceholder}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          className="max-w-60"
        />
        <div className="w-32">
          <NativeSelect
            aria-label={filesCopy.sortLabel}
            value={props.sort}
            onChange={(event) => props.onSort(event.target.value as SortField, props.order)}
          >
            {SORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {filesCopy.sortFields[field]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          size="icon"
          variant="outline"
          aria-label={props.order === "asc" ? `${filesCopy.ascending}（点击切换为降序）` : `${filesCopy.descending}（点击切换为升序）`}
          title={props.order === "asc" ? filesCopy.ascending : filesCopy.descending}
          onClick={flipOrder}
        >
          {props.order === "asc" ? <ArrowUpNarrowWide /> : <ArrowDownNarrowWide />}
        </Button>
        <div className="ml-auto flex gap-2">
          <Button size="icon" variant="outline" aria-label={filesCopy.refresh} title={filesCopy.refresh} disabled={props.refreshing} onClick={props.onRefresh}>
            <RefreshCw className={props.refreshing ? "animate-spin" : undefined} />
          </Button>
          <Button variant="outline" onClick={props.onNewFolder}>
            <FolderPlus aria-hidden />
            {filesCopy.newFolder}
          </Button>
        </div>
      </div>
    </div>
  );
}
