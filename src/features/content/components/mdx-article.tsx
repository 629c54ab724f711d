import { renderMdx } from "../mdx/render-mdx";

/** Rendered MDX in the reading column. */
export async function MdxArticle({ source, className }: { source: string; className?: string }) {
  const content = await renderMdx(source);
  return <div className={className ?? "max-w-none text-[15px] sm:text-base"}>{content}</div>;
}
