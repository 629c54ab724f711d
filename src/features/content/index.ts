// Content (blog, docs, changelog, legal): client-safe parts. Loaders and pages are in ./server.
export { blogListHref, BLOG_PAGE_SIZE, parseBlogPath, type BlogRoute } from "./blog/routes";
export { blogTagLabel, blogTags, blogTagSlugs, type BlogTagSlug } from "./blog/tags";
export { contentCopy } from "./copy";
export { paginate, pageNumbers, type Page } from "./pagination";
export { queryTerms, searchDocs, type SearchEntry, type SearchIndex, type SearchResult } from "./search/search-docs";
