import { parse } from "parse5";
import type { DocumentPart, ExtractedDocument } from "./types";

interface NodeLike {
  nodeName: string;
  value?: string;
  childNodes?: NodeLike[];
  content?: NodeLike;
}

/** Elements whose text is not the page's content. */
const SKIPPED = new Set(["head", "script", "style", "noscript", "template", "svg", "iframe", "object", "nav", "footer", "form", "button"]);
/** Elements that end a line of text. */
const BLOCKS = new Set(["p", "div", "li", "br", "tr", "section", "article", "blockquote", "pre", "table", "ul", "ol", "dl", "dt", "dd", "figcaption", "hr", "main", "header", "aside"]);
const HEADING = /^h([1-6])$/;

const textOf = (node: NodeLike): string => (node.nodeName === "#text" ? (node.value ?? "") : (node.childNodes ?? []).map(textOf).join(""));

/**
 * An HTML page's readable text in sections by its headings (h1–h6, named by their path 「安装 › 下载」),
 * parsed with parse5 (the WHATWG parser, so broken markup reads as a browser would read it).
 */
export function sectionsOfHtml(html: string): DocumentPart[] {
  const parts: DocumentPart[] = [];
  const path: string[] = [];
  let text = "";
  const flush = () => {
    const tidy = text.replace(/[ \t\r\f\u00a0]+/g, " ").replace(/ ?\n[\n ]*/g, "\n").trim();
    if (tidy) parts.push({ text: tidy, ...(path.length ? { section: path.filter(Boolean).join(" › ") } : {}) });
    text = "";
  };
  const walk = (node: NodeLike) => {
    if (node.nodeName === "#text") {
      text += node.value ?? "";
      return;
    }
    if (node.nodeName.startsWith("#comment") || SKIPPED.has(node.nodeName)) return;
    const heading = HEADING.exec(node.nodeName);
    if (heading) {
      flush();
      const level = Number(heading[1]);
      const title = textOf(node).replace(/\s+/g, " ").trim();
      path.length = level - 1;
      path[level - 1] = title;
      text += `${title}\n`;
      return;
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (BLOCKS.has(node.nodeName)) text += "\n";
  };
  walk(parse(html) as unknown as NodeLike);
  flush();
  return parts;
}

/** The page's `<title>`, for naming a document added by URL. */
export function titleOfHtml(html: string): string | null {
  const find = (node: NodeLike): string | null => {
    if (node.nodeName === "title") return textOf(node).replace(/\s+/g, " ").trim() || null;
    for (const child of node.childNodes ?? []) {
      const found = find(child);
      if (found) return found;
    }
    return null;
  };
  return find(parse(html) as unknown as NodeLike);
}

export function extractHtml(bytes: Uint8Array): ExtractedDocument {
  return { parts: sectionsOfHtml(new TextDecoder("utf-8").decode(bytes)), pages: 1 };
}
