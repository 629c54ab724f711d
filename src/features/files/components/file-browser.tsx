"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { FolderOpen, SearchX } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { filesCopy } from "../copy";
import type { Bucket } from "../hooks/use-buckets";
import { useFileActions } from "../hooks/use-file-actions";
import { useFolderListing } from "../hooks/use-folder-listing";
import { useThumbnails } from "../hooks/use-thumbnails";
import { useUploads } from "../hooks/use-uploads";
import { filterEntries, sortEntries, type Entry, type FileEntry, type SortField, type SortOrder } from "../lib/entries";
import { describeAllowedTypes, describeSizeLimit } from "../lib/limits";
import { folderKey, type FolderLocation } from "../lib/paths";
import { DeleteEntryDialog } from "./delete-entry-dialog";
import { FileTable } from "./file-table";
import { FileToolbar } from "./file-toolbar";
import { MoveDialog } from "./move-dialog";
import { NewFolderDialog } from "./new-folder-dialog";
import { PublicUrlDialog } from "./public-url-dialog";
import { SignedUrlDialog } from "./signed-url-dialog";
import { UploadList } from "./upload-list";
import { UploadZone } from "./upload-zone";

type FileBrowserProps = {
  supabase: SupabaseClient;
  userId: string;
  bucket: Bucket;
  /** Called after an upload, delete, move or copy (the storage usage shown above changes). */
  onContentChange?: () => void;
};

/** The signed-in user's folder (`{userId}/…`) in one bucket: upload, browse and manage files. */
export function FileBrowser({ supabase, userId, bucket, onContentChange }: FileBrowserProps) {
  const [segments, setSegments] = useState<string[]>([]);
  const [sort, setSort] = useState<SortField>("name");
  const [order, setOrder] = useState<SortOrder>("asc");
  const [search, setSearch] = useState("");
  const [signing, setSigning] = useState<FileEntry | null>(null);
  const [showingPublic, setShowingPublic] = useState<FileEntry | null>(null);
  const [moving, setMoving] = useState<Entry | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [creatingFolder, setCreatingFolder] = useState(false);

  const location: FolderLocation = useMemo(() => ({ userId, segments }), [userId, segments]);
  const folder = folderKey(location);
  const listing = useFolderListing(supabase, { bucketId: bucket.id, folder, sort, order, search });
  const entries = useMemo(() => sortEntries(filterEntries(listing.entries, search), sort, order), [listing.entries, search, sort, order]);
  const thumbnails = useThumbnails(supabase, bucket, entries);
  const { reload } = listing;
  const reloadAll = useMemo(() => () => {
    reload();
    onContentChange?.();
  }, [reload, onContentChange]);
  const actions = useFileActions(supabase, bucket.id, reloadAll);
  const uploads = useUploads({ supabase, bucket, folder, onUploaded: reloadAll });
  const rules = `${describeSizeLimit(bucket.file_size_limit)}，允许的类型：${describeAllowedTypes(bucket.allowed_mime_types)}。`;

  const navigate = (next: string[]) => {
    setSegments(next);
    setSearch("");
  };

  return (
    <div className="grid gap-4">
      <UploadZone rules={rules} onFiles={(files) => void uploads.addFiles(files)} />
      <UploadList items={uploads.items} onDismiss={uploads.dismiss} onClearFinished={uploads.clearFinished} />
      <FileToolbar
        location={location}
        onNavigate={navigate}
        search={search}
        onSearch={setSearch}
        sort={sort}
        order={order}
        onSort={(nextSort, nextOrder) => {
          setSort(nextSort);
          setOrder(nextOrder);
        }}
        onNewFolder={() => setCreatingFolder(true)}
        onRefresh={listing.reload}
        refreshing={listing.loading}
      />
      {listing.error ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          {filesCopy.listFailed}：{listing.error}
          <Button size="sm" variant="outline" onClick={listing.reload}>
            {filesCopy.retry}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        listing.loading ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{filesCopy.loading}</p>
        ) : (
          <EmptyState search={search} />
        )
      ) : (
        <FileTable
          entries={entries}
          thumbnails={thumbnails}
          pending={actions.pending}
          publicBucket={bucket.public}
          actions={{
            open: (entry) => navigate([...segments, entry.rawName]),
            download: (entry) => void actions.download(entry),
            signedUrl: setSigning,
            publicUrl: setShowingPublic,
            move: setMoving,
            remove: setDeleting,
          }}
        />
      )}
      <SignedUrlDialog entry={signing} onOpenChange={(open) => !open && setSigning(null)} createUrl={actions.signedUrl} />
      <PublicUrlDialog entry={showingPublic} onOpenChange={(open) => !open && setShowingPublic(null)} supabase={supabase} bucketId={bucket.id} />
      <MoveDialog entry={moving} userId={userId} onOpenChange={(open) => !open && setMoving(null)} onMove={actions.move} />
      <DeleteEntryDialog entry={deleting} onOpenChange={(open) => !open && setDeleting(null)} onConfirm={actions.remove} />
      <NewFolderDialog open={creatingFolder} onOpenChange={setCreatingFolder} onCreate={(name) => actions.createFolder(folder, name)} />
    </div>
  );
}

function EmptyState({ search }: { search: string }) {
  const searching = search.trim() !== "";
  const Icon = searching ? SearchX : FolderOpen;
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed py-10 text-center">
      <Icon aria-hidden className="size-8 text-muted-foreground" />
      <p className="font-medium">{searching ? filesCopy.noMatches(search.trim()) : filesCopy.emptyFolder}</p>
      {searching ? null : <p className="text-sm text-muted-foreground">{filesCopy.emptyFolderHint}</p>}
    </div>
  );
}
