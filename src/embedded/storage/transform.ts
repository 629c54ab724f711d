import sharp from "sharp";
import { z } from "@/lib/zod";
import type { DiskStore } from "./disk";
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
const SHARP_FORMATS: Record<string, OutputFormat> = {
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
  "image/tiff": "tiff",
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
 * Renders a transformed image with sharp. The source streams from disk; the (small) result is buffered
 * so a failing transform still yields a proper error response.
 */
export async function renderImage(
  disk: DiskStore,
  object: StoredObject,
  options: TransformOptions,
  accept: string | undefined,
): Promise<{ body: Buffer; contentType: string; transformations: string }> {
  const sourceFormat = SHARP_FORMATS[object.mimeType.split(";")[0]!.trim().toLowerCase()];
  if (!sourceFormat && !object.mimeType.startsWith("image/")) {
    throw storageErrors.invalidRequest(`Transformations are not supported for ${object.mimeType}`);
  }
  const negotiated = accept?.includes("image/webp") ? "webp" : undefined;
  const target = options.format && options.format !== "origin" ? options.format : options.format ? undefined : negotiated;
  const outputFormat: OutputFormat = target ?? sourceFormat ?? "png";

  const pipeline = sharp({ failOn: "error" });
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
    const body = await new Promise<Buffer>((resolve, reject) => {
      const source = disk.read(object.version);
      source.on("error", reject);
      pipeline.on("error", reject);
      source.pipe(pipeline);
      pipeline.toBuffer().then(resolve, reject);
    });
    return { body, contentType: `image/${outputFormat}`, transformations: describe(options, target) };
  } catch {
    throw storageErrors.invalidRequest("The image could not be transformed");
  }
}
