import { contentCopy } from "../copy";
import { getAdjacentDocs, getDocTree, type Doc } from "../docs/docs";
import { splitSections } from "../headings";
import { DocsSearch } from "../search/docs-search";
import { DocPager } from "./doc-pager";
import { DocsSidebarTree } from "./docs-sidebar";
import { MdxArticle } from "./mdx-article";
import type { MdxExtraComponents } from "../mdx/render-mdx";
import { TableOfContents } from "./table-of-contents";

/** A docs page: search and tree on the left (a collapsible block on phones), article, table of contents. */
export function DocPage({ doc, components }: { doc: Doc; components?: MdxExtraComponents }) {
  const copy = contentCopy.docs;
  const { toc } = splitSections(doc.body);
  const { previous, next } = getAdjacentDocs(doc.slug);
  const tree = <DocsSidebarTree nodes={getDocTree()} currentHref={doc.href} />;

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-12 xl:grid-cols-[15rem_minmax(0,1fr)_13rem]">
      <aside className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto">
        <DocsSearch />
        <nav aria-label={copy.sidebarLabel} className="mt-4 hidden lg:block">
          {tree}
        </nav>
        <details className="mt-3 rounded-lg border bg-card/70 lg:hidden">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{copy.sidebarLabel}</summary>
          <div className="px-1 pb-2">{tree}</div>
        </details>
      </aside>
      <article className="min-w-0">
        <header className="space-y-2 border-b pb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
          <p className="text-lg text-muted-foreground">{doc.description}</p>
        </header>
        <MdxArticle source={doc.body} className="mt-2" components={components} />
        <DocPager previous={previous} next={next} />
      </article>
      <aside className="hidden xl:sticky xl:top-24 xl:block xl:self-start">
        <TableOfContents toc={toc} />
      </aside>
    </div>
  );
}
