/** The bucket settings form: what a person types, checked and turned into storage-js options. */
export type BucketSettingsInput = { name: string; isPublic: boolean; sizeLimitMb: string; mimeTypes: string };

export type BucketOptions = { public: boolean; fileSizeLimit: number | null; allowedMimeTypes: string[] | null };

/** Storage's bucket names: 3–63 lower-case letters, digits, "-" and "_", starting with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9_-]{2,62}$/;
const MIME_PATTERN = /^[a-z0-9.+-]+\/(\*|[a-z0-9.+-]+)$/;
/** The embedded service's per-file ceiling (hosted Storage's default). */
export const MAX_SIZE_LIMIT_MB = 50;

export type BucketSettingsProblems = Partial<Record<"name" | "sizeLimitMb" | "mimeTypes", string>>;

export function checkBucketSettings(input: BucketSettingsInput, creating: boolean): BucketSettingsProblems {
  const problems: BucketSettingsProblems = {};
  if (creating && !BUCKET_NAME.test(input.name.trim())) problems.name = "名称需为 3–63 个小写字母、数字、“-”或“_”，并以字母或数字开头";
  const size = input.sizeLimitMb.trim();
  if (size && (!/^\d+(\.\d+)?$/.test(size) || Number(size) <= 0 || Number(size) > MAX_SIZE_LIMIT_MB)) {
    problems.sizeLimitMb = `请输入 0 到 ${MAX_SIZE_LIMIT_MB} 之间的数字，留空表示不单独限制`;
  }
  const bad = mimeList(input.mimeTypes).find((type) => !MIME_PATTERN.test(type));
  if (bad) problems.mimeTypes = `“${bad}”不是有效的文件类型，例如 image/*、application/pdf`;
  return problems;
}

function mimeList(text: string): string[] {
  return text
    .split(/[,，\s]+/)
    .map((type) => type.trim().toLowerCase())
    .filter(Boolean);
}

export function bucketOptions(input: BucketSettingsInput): BucketOptions {
  const size = input.sizeLimitMb.trim();
  const types = mimeList(input.mimeTypes);
  return {
    public: input.isPublic,
    fileSizeLimit: size ? Math.round(Number(size) * 1024 * 1024) : null,
    allowedMimeTypes: types.length ? types : null,
  };
}

/** The form's starting values for an existing bucket. */
export function settingsOf(bucket: { name: string; public: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null }): BucketSettingsInput {
  const limit = bucket.file_size_limit;
  return {
    name: bucket.name,
    isPublic: bucket.public,
    sizeLimitMb: limit ? String(Math.round((limit / 1024 / 1024) * 100) / 100) : "",
    mimeTypes: bucket.allowed_mime_types?.join(", ") ?? "",
  };
}
