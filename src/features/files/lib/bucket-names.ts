// The app's shared buckets (src/embedded/storage: `files`, `avatars`; the knowledge feature's
// `knowledge-documents`) by what they hold. A user's own
// bucket keeps the name they gave it; the id stays visible beside it for developers (the storage API
// and the docs use it).
const SHARED_BUCKET_NAMES: Record<string, string> = { files: "我的文件", avatars: "头像", "knowledge-documents": "知识库文档" };

/** 「我的文件」 for `files`, 「头像」 for `avatars`, 「知识库文档」 for `knowledge-documents`; any other bucket's own name. */
export function bucketDisplayName(bucket: { id?: string; name: string }): string {
  return SHARED_BUCKET_NAMES[bucket.id ?? bucket.name] ?? bucket.name;
}
