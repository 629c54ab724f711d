/** The blog's tags: the slug goes in URLs (/blog/tags/{slug}), the label is shown. Front matter uses slugs. */
export const blogTags = {
  guide: "使用指南",
  dify: "Dify",
  product: "产品动态",
  deploy: "部署运维",
  ai: "AI 应用",
  security: "账号安全",
} as const;

export type BlogTagSlug = keyof typeof blogTags;

export const blogTagSlugs = Object.keys(blogTags) as [BlogTagSlug, ...BlogTagSlug[]];

export function blogTagLabel(slug: BlogTagSlug): string {
  return blogTags[slug];
}
