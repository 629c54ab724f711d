import { decodeKeySegment, EMPTY_FOLDER_PLACEHOLDER } from "./object-names";

/** What the page reads of a listed object (storage-js `FileObject`); folders have `id: null`. */
export type ListedObject = {
  name: string;
  id: string | null;
  updated_at?: string | null;
  created_at?: string | null;
  metadata?: Record<string, unknown> | null;
};

type EntryBase = { key: string; rawName: string; name: string };
export type FolderEntry = EntryBase & { kind: "folder" };
export type FileEntry = EntryBase & { kind: "file"; size: number; mimeType: string | null; updatedAt: string | null };
export type Entry = FolderEntry | FileEntry;

export type SortField = "name" | "size" | "updated_at";
export type SortOrder = "asc" | "desc";

/** Listed objects under `folder` (a key prefix without trailing slash) as entries; placeholders hidden. */
export function toEntries(objects: readonly ListedObject[], folder: string): Entry[] {
  const entries: Entry[] = [];
  for (const object of objects) {
    if (object.name === EMPTY_FOLDER_PLACEHOLDER) continue;
    const base = { key: `${folder}/${object.name}`, rawName: object.name, name: decodeKeySegment(object.name) };
    if (object.id === null) {
      entries.push({ ...base, kind: "folder" });
      continue;
    }
    const metadata = object.metadata ?? {};
    const size = Number(metadata.size ?? metadata.contentLength ?? 0);
    entries.push({
      ...base,
      kind: "file",
      size: Number.isFinite(size) ? size : 0,
      mimeType: typeof metadata.mimetype === "string" ? metadata.mimetype : null,
      updatedAt: object.updated_at ?? object.created_at ?? null,
    });
  }
  return entries;
}

const collator = new Intl.Collator("zh-CN", { numeric: true, sensitivity: "base" });

/** Folders first (by name), then files in the chosen order; ties broken by name. */
export function sortEntries(entries: readonly Entry[], field: SortField, order: SortOrder): Entry[] {
  const sign = order === "asc" ? 1 : -1;
  const byName = (a: Entry, b: Entry) => collator.compare(a.name, b.name);
  const folders = entries.filter((e) => e.kind === "folder").sort((a, b) => sign * byName(a, b));
  const files = entries
    .filter((e): e is FileEntry => e.kind === "file")
    .sort((a, b) => {
      let difference = 0;
      if (field === "size") difference = a.size - b.size;
      else if (field === "updated_at") difference = Date.parse(a.updatedAt ?? "") - Date.parse(b.updatedAt ?? "") || 0;
      return sign * (difference || byName(a, b));
    });
  return [...folders, ...files];
}

/** Entries whose name contains `query` (case-insensitive); the server already narrowed by prefix. */
export function filterEntries(entries: readonly Entry[], query: string): Entry[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return [...entries];
  return entries.filter((entry) => entry.name.toLowerCase().includes(needle));
}
