import type { DocumentPart, ExtractedDocument } from "./types";

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * Markdown in sections by its ATX headings (`#` … `######`), each part named by the heading path
 * (「安装 › 下载」). A full Markdown parser is not needed for this: only headings outside code fences matter,
 * and the section text keeps its Markdown (models read it well).
 */
export function sectionsOfMarkdown(source: string): DocumentPart[] {
  const parts: DocumentPart[] = [];
  const path: string[] = [];
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = lines.join("\n").trim();
    if (text) parts.push({ text, ...(path.length ? { section: path.filter(Boolean).join(" › ") } : {}) });
    lines = [];
  };
  for (const line of source.replace(/^---\n[\s\S]*?\n---\n/, "").split(/\r?\n/)) {
    if (FENCE.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    if (!heading) {
      lines.push(line);
      continue;
    }
    flush();
    const level = heading[1]!.length;
    path.length = level - 1;
    path[level - 1] = heading[2]!.trim();
    // The heading itself is searchable text of its section.
    lines.push(heading[2]!.trim());
  }
  flush();
  return parts;
}

export function extractMarkdown(bytes: Uint8Array): ExtractedDocument {
  return { parts: sectionsOfMarkdown(new TextDecoder("utf-8").decode(bytes)), pages: 1 };
}
