/** The JSON error a refused upload answers with (Storage's error shape). */
export type UploadFailure = { statusCode?: string; status: number; message: string; error?: string; name: string };

export type SignedUploadOptions = {
  /** `signedUrl` from `createSignedUploadUrl(path)`. */
  url: string;
  file: File;
  /** Stored as the object's user metadata (the original file name, for other tools). */
  metadata?: Record<string, string>;
  /** Called with 0–1 as bytes go out. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

function failureOf(xhr: XMLHttpRequest): UploadFailure {
  try {
    const body = JSON.parse(xhr.responseText) as { statusCode?: unknown; message?: unknown; error?: unknown };
    return {
      name: "StorageApiError",
      status: xhr.status,
      statusCode: body.statusCode === undefined ? String(xhr.status) : String(body.statusCode),
      message: typeof body.message === "string" ? body.message : xhr.statusText,
      error: typeof body.error === "string" ? body.error : undefined,
    };
  } catch {
    return { name: "StorageApiError", status: xhr.status, statusCode: String(xhr.status), message: xhr.statusText };
  }
}

/**
 * PUTs a file to a signed upload URL the way storage-js `uploadToSignedUrl` does (multipart with
 * `cacheControl`, `metadata` and the file), but through XMLHttpRequest: fetch reports no upload
 * progress. The signed URL carries its own token, so this works against hosted Supabase as well.
 */
export function uploadToSignedUrl({ url, file, metadata, onProgress, signal }: SignedUploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append("cacheControl", "3600");
    if (metadata) body.append("metadata", JSON.stringify(metadata));
    body.append("", file);

    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("x-upsert", "false");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(failureOf(xhr));
      }
    };
    xhr.onerror = () => reject({ name: "StorageUnknownError", status: 0, message: "network error" } satisfies UploadFailure);
    xhr.onabort = () => reject(new DOMException("上传已取消", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
