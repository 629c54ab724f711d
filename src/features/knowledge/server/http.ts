import "server-only";
import { readCappedBody } from "@/lib/api/capped-body";
import { ApiRouteError } from "@/lib/api";
import { z } from "@/lib/zod";
import { DocumentRefused } from "./documents";
import { tooLarge } from "@/lib/net/public-fetch";
import type { DocumentLimits } from "./limits";

/** Room for the multipart envelope around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The one file of a multipart upload (`file`), refused past the plan's size before it is all read. */
export async function readUploadedFile(request: Request, limits: DocumentLimits): Promise<{ name: string; bytes: Uint8Array; mediaType: string }> {
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) throw new ApiRouteError(415, "请以表单（multipart/form-data）上传文件");
  const body = await readCappedBody(request, limits.maxBytes + FORM_OVERHEAD_BYTES);
  if (!body.ok) throw new ApiRouteError(body.reason === "too-large" ? 413 : 503, body.reason === "too-large" ? tooLarge(limits.maxBytes) : "服务器正忙，请稍后重试");
  try {
    const contentType = request.headers.get("content-type") ?? "";
    const form = await new Request(request.url, { method: "POST", headers: { "content-type": contentType }, body: new Blob(body.chunks as BlobPart[]) }).formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File)) throw new ApiRouteError(400, "请选择要上传的文件（表单字段 file）");
    if (file.size > limits.maxBytes) throw new ApiRouteError(413, tooLarge(limits.maxBytes));
    return { name: file.name || "未命名文件", bytes: new Uint8Array(await file.arrayBuffer()), mediaType: file.type };
  } finally {
    body.release();
  }
}

/** A refusal of the documents service as the API's `{statusCode, message}`. */
export async function refusalsAsApiErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DocumentRefused) throw new ApiRouteError(error.status, error.message);
    throw error;
  }
}

const id = z.uuid();

/** A route's id parameter; anything else than a uuid is a base or document that does not exist. */
export function idParam(value: string | undefined, notFound: string): string {
  const parsed = id.safeParse(value);
  if (!parsed.success) throw new ApiRouteError(404, notFound);
  return parsed.data;
}

export const BASE_NOT_FOUND = "知识库不存在";
export const DOCUMENT_NOT_FOUND = "文档不存在";
/** Knowledge is one user's: no shared cache may keep it. */
export const PRIVATE = { "Cache-Control": "private, no-store" };
