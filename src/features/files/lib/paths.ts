import { decodeKeySegment, encodeKeySegment, nameProblem } from "./object-names";

/** Storage's limit on a whole key, in bytes. */
export const MAX_KEY_BYTES = 1024;

/**
 * Where the browser is inside a bucket: the user's own folder (`{userId}`, the only place the storage
 * rules let them write in private buckets) plus the raw key segments of the sub-folders below it.
 */
export type FolderLocation = { userId: string; segments: readonly string[] };

/** The folder's key prefix without a trailing slash (`{userId}/photos`). */
export function folderKey(location: FolderLocation): string {
  return [location.userId, ...location.segments].join("/");
}

/** The key of an entry (raw segment) inside the folder. */
export function childKey(location: FolderLocation, rawName: string): string {
  return `${folderKey(location)}/${rawName}`;
}

/** The key for a new file or folder called `displayName` inside the folder. */
export function keyForName(location: FolderLocation, displayName: string): string {
  return childKey(location, encodeKeySegment(displayName.trim()));
}

/** The path people see for a key below the user's folder (`photos/猫.png`), without the user id. */
export function displayPathOf(userId: string, key: string): string {
  const relative = key.startsWith(`${userId}/`) ? key.slice(userId.length + 1) : key;
  return relative.split("/").map(decodeKeySegment).join("/");
}

/** Breadcrumb items: the root (全部文件) then one per sub-folder, each with the segments leading to it. */
export function breadcrumbsOf(location: FolderLocation): { label: string; segments: string[] }[] {
  const crumbs = [{ label: "全部文件", segments: [] as string[] }];
  location.segments.forEach((segment, index) => {
    crumbs.push({ label: decodeKeySegment(segment), segments: location.segments.slice(0, index + 1) });
  });
  return crumbs;
}

export type ParsedPath = { ok: true; key: string } | { ok: false; message: string };

/**
 * Turns a path typed for rename / move (`归档/2026/报告.pdf`, relative to the user's folder) into a key.
 * Leading and trailing slashes and blanks around segments are ignored.
 */
export function keyForTypedPath(userId: string, typed: string): ParsedPath {
  const segments = typed.split("/").map((segment) => segment.trim()).filter((segment) => segment !== "");
  if (segments.length === 0) return { ok: false, message: "请输入新的路径" };
  for (const segment of segments) {
    const problem = nameProblem(segment);
    if (problem) return { ok: false, message: problem };
  }
  const key = [userId, ...segments.map(encodeKeySegment)].join("/");
  if (new TextEncoder().encode(key).length > MAX_KEY_BYTES) return { ok: false, message: "路径太长了，请缩短一些" };
  return { ok: true, key };
}

/** The last segment of a key, decoded (the name people see). */
export function displayNameOf(key: string): string {
  return decodeKeySegment(key.slice(key.lastIndexOf("/") + 1));
}
