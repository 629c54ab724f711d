import "server-only";

// Content loaders: read content/*.mdx at build time. No components here on purpose: a barrel that
// also exported the page components would pull every page's client islands (docs search, next/image)
// into every page importing it. Routes import their page component from ./components/<page> instead.
export { getAdjacentPosts, getAllPosts, getPost, type BlogPost } from "./blog/posts";
export { blogStaticPaths } from "./blog/routes";
export { getChangelog, type ChangelogEntry } from "./changelog";
export { docHref, getAdjacentDocs, getAllDocs, getDoc, getDocTree, type Doc, type DocTreeNode } from "./docs/docs";
export { getLegalDocument, type LegalDocument } from "./legal";
export { buildSearchIndex } from "./search/build-search-index";
export { renderMdx, type MdxExtraComponents } from "./mdx/render-mdx";
export { splitSections } from "./headings";
