import type { SupabaseClient } from "@supabase/supabase-js";

type BucketApi = ReturnType<SupabaseClient["storage"]["from"]>;

const PAGE = 1000;

/**
 * Every object key below a folder prefix (no trailing slash), walking sub-folders; Storage has no
 * recursive delete, so removing a folder means removing each object in it.
 */
export async function collectFolderKeys(bucket: BucketApi, folder: string): Promise<string[]> {
  const keys: string[] = [];
  const pending = [folder];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (let offset = 0; ; offset += PAGE) {
      const { data, error } = await bucket.list(current, { limit: PAGE, offset, sortBy: { column: "name", order: "asc" } });
      if (error) throw error;
      for (const object of data) {
        if (object.id === null) pending.push(`${current}/${object.name}`);
        else keys.push(`${current}/${object.name}`);
      }
      if (data.length < PAGE) break;
    }
  }
  return keys;
}
