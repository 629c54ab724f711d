import { and, eq, inArray } from "drizzle-orm";
import { modelFiles, type ModelMessageFile } from "@/lib/db/schema/ai-models";
import type { Database } from "@/lib/db/types";
import { difyErrorJson } from "./dify-error";
import { isUuid, type Owner } from "./store";

/** Raster images the vision models of every provider take (no SVG: it is markup, not a picture). */
const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };
export const IMAGE_EXTENSIONS = Object.keys(IMAGE_TYPES);
export const IMAGE_SIZE_LIMIT_MB = 10;
export const IMAGES_PER_QUESTION = 3;

/** POST /files/upload: one image per call, as Dify's upload answers it. */
export async function uploadImage(db: Database, appid: string, form: FormData): Promise<Response> {
  const user = form.get("user");
  const file = form.get("file");
  if (typeof user !== "string" || user === "") return difyErrorJson(400, "invalid_param", "user is required");
  if (!(file instanceof File)) return difyErrorJson(400, "no_file_uploaded", "Please upload your file.");
  const extension = (file.name.split(".").pop() ?? "").toLowerCase();
  const mimeType = IMAGE_TYPES[extension];
  if (!mimeType) return difyErrorJson(415, "unsupported_file_type", "File type not allowed.");
  if (file.size > IMAGE_SIZE_LIMIT_MB * 1024 * 1024) return difyErrorJson(413, "file_too_large", "File size exceeded.");
  const [row] = await db
    .insert(modelFiles)
    .values({ appid, userId: user, name: file.name, mimeType, size: file.size, data: Buffer.from(await file.arrayBuffer()) })
    .returning({ id: modelFiles.id, createdAt: modelFiles.createdAt });
  return Response.json(
    { id: row!.id, name: file.name, size: file.size, extension, mime_type: mimeType, created_by: user, created_at: Math.floor(row!.createdAt.getTime() / 1000), preview_url: null },
    { status: 201 },
  );
}

export interface AttachedImage {
  file: ModelMessageFile;
  /** What the provider gets: a data URL of an upload, or the https URL the user gave. */
  url: string;
}

/**
 * The images of a question (`files` of the chat body): uploads must be this user's in this app;
 * remote images must be https. Returns a Chinese problem for anything else.
 */
export async function attachedImages(db: Database, owner: Owner, files: unknown): Promise<AttachedImage[] | string> {
  if (files === undefined || files === null) return [];
  if (!Array.isArray(files)) return "files 必须是列表。";
  if (files.length > IMAGES_PER_QUESTION) return `每个问题最多附带 ${IMAGES_PER_QUESTION} 张图片。`;
  const images: AttachedImage[] = [];
  const uploadIds: string[] = [];
  for (const item of files as Record<string, unknown>[]) {
    if (item?.type !== "image") return "模型应用只接受图片。";
    if (item.transfer_method === "remote_url" && typeof item.url === "string" && /^https:\/\//.test(item.url)) {
      images.push({ file: { id: item.url, name: item.url.split("/").pop() || "图片", type: "image" }, url: item.url });
    } else if (item.transfer_method === "local_file" && typeof item.upload_file_id === "string" && isUuid(item.upload_file_id)) {
      uploadIds.push(item.upload_file_id);
    } else {
      return "图片不存在或已失效，请重新上传。";
    }
  }
  if (uploadIds.length > 0) {
    const rows = await db
      .select()
      .from(modelFiles)
      .where(and(inArray(modelFiles.id, uploadIds), eq(modelFiles.userId, owner.userId), eq(modelFiles.appid, owner.appid)));
    if (rows.length !== new Set(uploadIds).size) return "图片不存在或已失效，请重新上传。";
    for (const row of rows) images.push({ file: { id: row.id, name: row.name, type: "image" }, url: `data:${row.mimeType};base64,${row.data.toString("base64")}` });
  }
  return images;
}
