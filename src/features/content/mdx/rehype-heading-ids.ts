import { createSlugger } from "../headings";

/** Minimal hast shapes, enough for this plugin (the full types come with a transitive package). */
type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

function textOf(node: HastNode): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

/**
 * Gives every heading an id from `createSlugger`, in document order — the same ids `splitSections`
 * computes from the source, so the table of contents and the search index link to them.
 */
export function rehypeHeadingIds() {
  return (tree: HastNode) => {
    const slug = createSlugger();
    const visit = (node: HastNode) => {
      if (node.type === "element" && node.tagName && /^h[1-6]$/.test(node.tagName)) {
        const text = textOf(node).replace(/\s+/g, " ").trim();
        const id = slug(text);
        if (node.tagName === "h2" || node.tagName === "h3") node.properties = { ...node.properties, id };
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}
