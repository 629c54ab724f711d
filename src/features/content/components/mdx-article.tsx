import { renderMdx, type MdxExtraComponents } from "../mdx/render-mdx";

/** Rendered MDX in the reading column; `components`: what the page adds for its MDX to use. */
export async function MdxArticle({ source, className, components }: { source: string; className?: string; components?: MdxExtraComponents }) {
  const content = await renderMdx(source, components);
  return <div className={className ?? "max-w-none text-[15px] sm:text-base"}>{content}</div>;
}
