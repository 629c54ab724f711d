import { docFrontMatterSchema, type DocFrontMatter } from "../front-matter";
import { loadCollection } from "../load-collection";

export type Doc = DocFrontMatter & {
  /** Segments below /docs; [] for /docs itself. */
  slug: string[];
  href: string;
  body: string;
};

/** A sidebar entry: a page, possibly with pages below it (a folder's index.mdx is the folder's entry). */
export type DocTreeNode = { title: string; href: string; children: DocTreeNode[] };

export const docHref = (slug: readonly string[]) => (slug.length > 0 ? `/docs/${slug.join("/")}` : "/docs");

let cached: { docs: Doc[]; tree: DocTreeNode[] } | undefined;

function build(): { docs: Doc[]; tree: DocTreeNode[] } {
  const loaded = loadCollection("docs", docFrontMatterSchema).map(({ segments, frontMatter, body }) => ({
    ...frontMatter,
    slug: segments,
    href: docHref(segments),
    body,
  }));
  const byKey = new Map(loaded.map((doc) => [doc.slug.join("/"), doc]));
  for (const doc of loaded) {
    // Every folder needs an index.mdx: it names the sidebar group and is the folder's own URL.
    for (let depth = 1; depth < doc.slug.length; depth += 1) {
      const parent = doc.slug.slice(0, depth).join("/");
      if (!byKey.has(parent)) throw new Error(`content/docs/${parent}/index.mdx 缺失（${doc.href} 需要它作为分组）`);
    }
  }
  const childrenOf = (slug: string[]): Doc[] =>
    loaded
      .filter((doc) => doc.slug.length === slug.length + 1 && slug.every((part, index) => doc.slug[index] === part))
      .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, "zh-CN"));
  const toNode = (doc: Doc): DocTreeNode => ({ title: doc.title, href: doc.href, children: childrenOf(doc.slug).map(toNode) });

  const root = byKey.get("");
  const tree = [...(root ? [{ title: root.title, href: root.href, children: [] }] : []), ...childrenOf([]).map(toNode)];
  // Reading order = sidebar order, depth first: what previous / next follow.
  const order: Doc[] = [];
  const walk = (nodes: DocTreeNode[]) =>
    nodes.forEach((node) => {
      const doc = loaded.find((candidate) => candidate.href === node.href);
      if (doc) order.push(doc);
      walk(node.children);
    });
  walk(tree);
  return { docs: order, tree };
}

/** Every doc in reading (sidebar) order. */
export function getAllDocs(): Doc[] {
  cached ??= build();
  return cached.docs;
}

export function getDocTree(): DocTreeNode[] {
  cached ??= build();
  return cached.tree;
}

export function getDoc(slug: readonly string[]): Doc | undefined {
  return getAllDocs().find((doc) => doc.slug.join("/") === slug.join("/"));
}

export function getAdjacentDocs(slug: readonly string[]): { previous?: Doc; next?: Doc } {
  const docs = getAllDocs();
  const index = docs.findIndex((doc) => doc.slug.join("/") === slug.join("/"));
  if (index < 0) return {};
  return { previous: docs[index - 1], next: docs[index + 1] };
}
