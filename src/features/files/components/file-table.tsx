"use client";

import { Download, Globe, Link2, Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { filesCopy } from "../copy";
import type { Entry, FileEntry } from "../lib/entries";
import { formatBytes, formatDateTime, formatRelativeTime } from "../lib/format";
import { EntryIcon } from "./entry-icon";

export type FileTableActions = {
  open: (entry: Entry) => void;
  download: (entry: FileEntry) => void;
  signedUrl: (entry: FileEntry) => void;
  publicUrl: (entry: FileEntry) => void;
  move: (entry: Entry) => void;
  remove: (entry: Entry) => void;
};

type FileTableProps = {
  entries: readonly Entry[];
  thumbnails: Record<string, string>;
  pending: ReadonlySet<string>;
  publicBucket: boolean;
  actions: FileTableActions;
};

function IconAction({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled: boolean; children: React.ReactNode }) {
  return (
    <Button size="icon" variant="ghost" className="size-8" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The folder's entries: folders open on click, files carry their actions. */
export function FileTable({ entries, thumbnails, pending, publicBucket, actions }: FileTableProps) {
  return (
    <Table aria-label={filesCopy.tableLabel}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">
            <span className="sr-only">预览</span>
          </TableHead>
          <TableHead>{filesCopy.columns.name}</TableHead>
          <TableHead className="w-24">{filesCopy.columns.size}</TableHead>
          <TableHead className="w-40">{filesCopy.columns.updated}</TableHead>
          <TableHead className="w-48 text-right">{filesCopy.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const busy = pending.has(entry.key);
          return (
            <TableRow key={entry.key} aria-busy={busy || undefined}>
              <TableCell>
                <EntryIcon entry={entry} thumbnailUrl={thumbnails[entry.key]} />
              </TableCell>
              {/* Names are the user's own: neither a translating browser nor a reader should rewrite them. */}
              <TableCell className="max-w-72 whitespace-normal" translate="no">
                {entry.kind === "folder" ? (
                  <button
                    type="button"
                    aria-label={filesCopy.openFolder(entry.name)}
                    className="font-medium break-all text-primary underline-offset-4 hover:underline"
                    onClick={() => actions.open(entry)}
                  >
                    {entry.name}
                  </button>
                ) : (
                  <span className="break-all">{entry.name}</span>
                )}
              </TableCell>
              <TableCell className="text-muted-foreground">{entry.kind === "file" ? formatBytes(entry.size) : filesCopy.folder}</TableCell>
              <TableCell className="text-muted-foreground">
                {entry.kind === "file" && entry.updatedAt ? (
                  <time dateTime={entry.updatedAt} title={formatDateTime(entry.updatedAt)}>
                    {formatRelativeTime(entry.updatedAt)}
                  </time>
                ) : (
                  "—"
                )}
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-0.5">
                  {entry.kind === "file" ? (
                    <>
                      <IconAction label={filesCopy.download(entry.name)} disabled={busy} onClick={() => actions.download(entry)}>
                        <Download />
                      </IconAction>
                      <IconAction label={filesCopy.signedUrl(entry.name)} disabled={busy} onClick={() => actions.signedUrl(entry)}>
                        <Link2 />
                      </IconAction>
                      {publicBucket ? (
                        <IconAction label={filesCopy.publicUrl(entry.name)} disabled={busy} onClick={() => actions.publicUrl(entry)}>
                          <Globe />
                        </IconAction>
                      ) : null}
                    </>
                  ) : null}
                  <IconAction label={filesCopy.move(entry.name)} disabled={busy} onClick={() => actions.move(entry)}>
                    <Pencil />
                  </IconAction>
                  <IconAction label={filesCopy.remove(entry.name)} disabled={busy} onClick={() => actions.remove(entry)}>
                    <Trash2 />
                  </IconAction>
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
