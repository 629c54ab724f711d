/**
 * Heading ids and sections of a Markdown/MDX source. The rehype plugin that renders the ids and the
 * search index that links to them both use `createSlugger`, so an anchor always lands on its heading.
 */

export type TocEntry = { id: string; text: string; depth: 2 | 3 };

export type ContentSection = {
  /** Anchor of the section's heading; "" for the text before the first heading. */
  id: string;
  heading: string;
  text: string;
};

/** Turns heading text into an id, keeping Chinese characters; repeated headings get -1, -2… */
export function createSlugger() {
  const seen = new Map<string, number>();
  return (text: string): string => {
    const base =
      text
        .toLowerCase()
        .trim()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s+/g, "-") || "section";
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

/** Inline Markdown of one line → its visible text (links keep their label, code its content). */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const headingLine = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/** Splits a source (without front matter) into sections at its ## and ### headings, skipping code fences. */
export function splitSections(source: string): { toc: TocEntry[]; sections: ContentSection[] } {
  const slug = createSlugger();
  const toc: TocEntry[] = [];
  const sections: ContentSection[] = [{ id: "", heading: "", text: "" }];
  let inFence = false;
  const lines: string[] = [];
  const flush = () => {
    const current = sections[sections.length - 1];
    if (current) current.text = [current.text, inlineText(lines.join(" "))].filter(Boolean).join(" ");
    lines.length = 0;
  };

  for (const line of source.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    const match = inFence ? null : headingLine.exec(line);
    if (match && match[1] && match[2]) {
      const depth = match[1].length;
      const text = inlineText(match[2]);
      const id = slug(text);
      if (depth === 2 || depth === 3) {
        flush();
        toc.push({ id, text, depth });
        sections.push({ id, heading: text, text: "" });
        continue;
      }
    }
    // Table rules, import/export lines and JSX-only lines carry no searchable text.
    if (!inFence && /^\s*(\|?\s*:?-{3,}|import\s|export\s)/.test(line)) continue;
    lines.push(line.replace(/^\s*([>|-]|\d+\.)\s*/, "").replace(/\|/g, " "));
  }
  flush();
  return { toc, sections: sections.filter((section) => section.id !== "" || section.text !== "") };
}
