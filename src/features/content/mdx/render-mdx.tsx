import "server-only";
import { compileMDX } from "next-mdx-remote/rsc";
import remarkGfm from "remark-gfm";
import { mdxComponents } from "./mdx-components";
import { rehypeHeadingIds } from "./rehype-heading-ids";

/** Compiles an MDX body (front matter already removed) to React, at build time in static pages. */
export async function renderMdx(source: string) {
  const { content } = await compileMDX({
    source,
    components: mdxComponents,
    options: { mdxOptions: { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeHeadingIds] } },
  });
  return content;
}
