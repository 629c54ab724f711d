/** The fields of a storage-js error (StorageApiError / StorageUnknownError) or a raw error body. */
type StorageErrorLike = { message?: unknown; statusCode?: unknown; status?: unknown; name?: unknown; error?: unknown };

/** A Chinese message for a storage error (storage-js errors, or the JSON body of a refused request). */
export function storageErrorText(error: unknown): string {
  if (!error || typeof error !== "object") return "操作失败，请稍后重试";
  const e = error as StorageErrorLike;
  const message = typeof e.message === "string" ? e.message : "";
  const code = String(e.statusCode ?? e.status ?? "");
  const lower = `${message} ${typeof e.error === "string" ? e.error : ""}`.toLowerCase();

  if (lower.includes("expiresin")) return "链接有效期超过了允许的上限，请选短一些";
  if (lower.includes("quota")) return "存储空间已用完：请删除一些文件，或升级套餐获得更多空间";
  if (code === "413" || lower.includes("maximum allowed size") || lower.includes("too large")) {
    return "文件超过了存储桶允许的大小上限";
  }
  if (code === "415" || lower.includes("mime type")) return "存储桶不接受这种文件类型";
  if (code === "409" || lower.includes("already exists") || lower.includes("duplicate")) return "同名文件已存在，请换一个名字";
  if (lower.includes("bucket not found")) return "存储桶不存在";
  if (code === "404" || lower.includes("not found")) return "文件不存在或已被删除";
  if (lower.includes("jwt") || lower.includes("jws") || lower.includes("signature")) return "登录已过期，请刷新页面后重试";
  if (code === "403" || code === "401" || lower.includes("row-level security") || lower.includes("unauthorized")) {
    return "没有权限执行这个操作";
  }
  if (lower.includes("invalid key")) return "文件名或路径不受支持";
  if (e.name === "StorageUnknownError" || lower.includes("failed to fetch") || lower.includes("network")) {
    return "网络连接失败，请检查网络后重试";
  }
  return "操作失败，请稍后重试";
}

/** The same for bucket changes, where a few answers mean something else than for files. */
export function bucketErrorText(error: unknown): string {
  const e = (error && typeof error === "object" ? error : {}) as StorageErrorLike;
  const message = typeof e.message === "string" ? e.message.toLowerCase() : "";
  if (message.includes("not empty")) return "存储桶里还有文件，请先清空再删除";
  if (message.includes("maximum number of buckets")) return "您创建的存储桶已达上限，请先删除不用的存储桶";
  if (message.includes("already exists") || String(e.statusCode) === "409") return "已有同名的存储桶，请换一个名称";
  if (message.includes("bucket name invalid")) return "存储桶名称不符合要求";
  if (message.includes("maximum allowed size")) return "文件大小上限超过了服务允许的最大值";
  return storageErrorText(error);
}
