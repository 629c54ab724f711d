import "server-only";
import { compileMDX } from "next-mdx-remote/rsc";
import type { ComponentType } from "react";
import remarkGfm from "remark-gfm";
import { mdxComponents } from "./mdx-components";
import { rehypeHeadingIds } from "./rehype-heading-ids";

/** Components a page hands to its MDX (the docs' live 价格表): the content feature knows nothing of their data. */
export type MdxExtraComponents = Record<string, ComponentType>;

/** The slots docs may use; empty unless the page fills them (a feed or a test renders the text alone). */
const SLOTS: MdxExtraComponents = { PriceList: () => null };

/** Compiles an MDX body (front matter already removed) to React, at build time in static pages. */
export async function renderMdx(source: string, extra: MdxExtraComponents = {}) {
  const { content } = await compileMDX({
    source,
    components: { ...mdxComponents, ...SLOTS, ...extra },
    options: { mdxOptions: { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeHeadingIds] } },
  });
  return content;
}
