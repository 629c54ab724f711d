import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { z } from "@/lib/zod";
import type { ObjectByteStore } from "./bytes";
import { storageErrors } from "./errors";
import type { StoredObject } from "./object-store";

const MAX_DIMENSION = 2000;

const dimension = z.coerce
  .number()
  .int()
  .transform((value) => Math.min(Math.max(value, 1), MAX_DIMENSION))
  .optional();

/** The `/render/image` query (and the transform baked into signed render URLs). */
export const transformOptions = z.object({
  width: dimension,
  height: dimension,
  resize: z.enum(["cover", "contain", "fill"]).optional(),
  format: z.enum(["origin", "avif", "webp"]).optional(),
  quality: z.coerce.number().int().min(20).max(100).optional(),
});

export type TransformOptions = z.infer<typeof transformOptions>;

export function parseTransform(input: unknown): TransformOptions {
  const parsed = transformOptions.safeParse(input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join(".") ?? "transform";
    throw storageErrors.invalidParameter(field);
  }
  return parsed.data;
}

// imgproxy's names, which Storage reports in `X-Transformations`.
const RESIZING_TYPE = { cover: "fill", contain: "fit", fill: "force" } as const;
// imgproxy semantics: cover crops to the box, contain fits inside it, fill stretches; never enlarges.
const SHARP_FIT = { cover: "cover", contain: "inside", fill: "fill" } as const;
type OutputFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "tiff";
/** sharp's name for the decoded source → the format `origin` keeps (others, e.g. svg, become png). */
const ORIGIN_FORMATS: Record<string, OutputFormat> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  heif: "avif",
  gif: "gif",
  tiff: "tiff",
};

/** The applied operations in imgproxy syntax: height, width, resize, quality, format. */
function describe(options: TransformOptions, format: string | undefined): string {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${options.height}`);
  if (options.width) parts.push(`width:${options.width}`);
  if (options.width || options.height) parts.push(`resizing_type:${RESIZING_TYPE[options.resize ?? "cover"]}`);
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (format) parts.push(`format:${format}`);
  return parts.join(",");
}

/**
 * Renders a transformed image with sharp. Whether an object is an image is decided by its bytes, not
 * its stored type (as Supabase's imgproxy does: storage-js uploads a Buffer as text/plain). The source
 * is read whole (images are small next to the upload limit) and the result is buffered, so a failing
 * transform still yields a proper error response.
 */
export async function renderImage(
  bytes: ObjectByteStore,
  object: StoredObject,
  options: TransformOptions,
  accept: string | undefined,
): Promise<{ body: Buffer; contentType: string; transformations: string }> {
  const source = await buffer(await bytes.read(object.version));
  let sourceFormat: string | undefined;
  try {
    sourceFormat = (await sharp(source).metadata()).format;
  } catch {
    throw storageErrors.invalidRequest("The image could not be transformed: the object is not an image");
  }
  const negotiated = accept?.includes("image/webp") ? "webp" : undefined;
  const target = options.format && options.format !== "origin" ? options.format : options.format ? undefined : negotiated;
  const outputFormat: OutputFormat = target ?? ORIGIN_FORMATS[sourceFormat ?? ""] ?? "png";

  const pipeline = sharp(source, { failOn: "error" });
  if (options.width || options.height) {
    pipeline.resize({
      width: options.width,
      height: options.height,
      fit: SHARP_FIT[options.resize ?? "cover"],
      withoutEnlargement: true,
    });
  }
  pipeline.toFormat(outputFormat, options.quality ? { quality: options.quality } : {});
  try {
    const body = await pipeline.toBuffer();
    return { body, contentType: `image/${outputFormat}`, transformations: describe(options, target) };
  } catch {
    throw storageErrors.invalidRequest("The image could not be transformed");
  }
}
