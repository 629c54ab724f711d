import { z } from "@/lib/zod";
import { blogTagSlugs } from "./blog/tags";

/**
 * Front matter of every content collection. YAML turns `2026-11-01` into a Date, and a quoted
 * date stays a string: both are accepted and normalised to `YYYY-MM-DD`.
 */
const isoDate = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式必须是 YYYY-MM-DD")])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value))
  .refine((value) => !Number.isNaN(Date.parse(value)), "不是有效的日期");

const text = (max: number) => z.string().trim().min(1).max(max);

export const blogFrontMatterSchema = z.strictObject({
  title: text(80),
  date: isoDate,
  summary: text(200),
  /** A file under public/blog/covers, optimised by next/image. */
  cover: z.string().regex(/^\/blog\/covers\/[a-z0-9-]+\.(webp|png|jpg)$/, "封面必须是 /blog/covers/ 下的图片"),
  coverAlt: text(120),
  tags: z.array(z.enum(blogTagSlugs)).min(1).max(5),
  author: text(40).default("思维火花团队"),
  draft: z.boolean().default(false),
});

export const docFrontMatterSchema = z.strictObject({
  title: text(60),
  description: text(200),
  /** Position among its siblings in the sidebar (smaller first). */
  order: z.number().int().min(0).max(1000).default(100),
});

export const changelogFrontMatterSchema = z.strictObject({
  title: text(80),
  date: isoDate,
  version: z.string().regex(/^\d+\.\d+\.\d+$/, "版本号格式必须是 x.y.z"),
  summary: text(200),
});

export const legalFrontMatterSchema = z.strictObject({
  title: text(40),
  description: text(200),
  updated: isoDate,
  effective: isoDate,
});

export type BlogFrontMatter = z.infer<typeof blogFrontMatterSchema>;
export type DocFrontMatter = z.infer<typeof docFrontMatterSchema>;
export type ChangelogFrontMatter = z.infer<typeof changelogFrontMatterSchema>;
export type LegalFrontMatter = z.infer<typeof legalFrontMatterSchema>;
