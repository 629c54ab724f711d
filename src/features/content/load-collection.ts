import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import type { z } from "@/lib/zod";

/**
 * Root of the MDX content; read at build time (pages are static), never at request time — so the
 * bundler is told not to trace it into the server output.
 */
export function contentRoot(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "content");
}

export type ContentFile<T> = {
  /** Path segments from the collection root without the extension; `index` files end at their folder. */
  segments: string[];
  frontMatter: T;
  /** The MDX body without the front matter. */
  body: string;
  /** Where it came from, for error messages. */
  file: string;
};

export class InvalidContentError extends Error {
  constructor(file: string, problems: string[]) {
    super(`内容文件 ${file} 的 front matter 有误：\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "InvalidContentError";
  }
}

const segmentPattern = /^[a-z0-9-]{1,100}$/;

function listMdxFiles(dir: string, prefix: string[] = []): string[][] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      if (entry.isDirectory()) return listMdxFiles(path.join(dir, entry.name), [...prefix, entry.name]);
      return entry.isFile() && entry.name.endsWith(".mdx") ? [[...prefix, entry.name.slice(0, -4)]] : [];
    });
}

/** Parses and validates one MDX source (exported for tests). */
export function parseContent<S extends z.ZodType>(schema: S, source: string, file: string): { frontMatter: z.output<S>; body: string } {
  const { data, content } = matter(source);
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new InvalidContentError(file, result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`));
  }
  return { frontMatter: result.data, body: content };
}

/** Every `.mdx` file of `content/<collection>`, validated; throws on the first invalid file (fails the build). */
export function loadCollection<S extends z.ZodType>(collection: string, schema: S, root = contentRoot()): ContentFile<z.output<S>>[] {
  const dir = path.join(root, collection);
  return listMdxFiles(dir).map((parts) => {
    const file = path.join("content", collection, ...parts) + ".mdx";
    const bad = parts.find((part) => !segmentPattern.test(part));
    if (bad) throw new InvalidContentError(file, [`文件名 “${bad}” 只能包含小写字母、数字和连字符`]);
    const { frontMatter, body } = parseContent(schema, readFileSync(path.join(dir, ...parts) + ".mdx", "utf8"), file);
    const segments = parts[parts.length - 1] === "index" ? parts.slice(0, -1) : parts;
    return { segments, frontMatter, body, file };
  });
}
