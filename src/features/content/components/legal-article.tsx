import { PageHeading } from "@/features/layouts";
import { contentCopy } from "../copy";
import { getLegalDocument, type LegalDocument } from "../legal";
import { MdxArticle } from "./mdx-article";

/** /legal/terms or /legal/privacy. */
export function LegalArticle({ slug }: { slug: LegalDocument["slug"] }) {
  const document = getLegalDocument(slug);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading title={document.title} description={document.description} size="lg" />
      <p className="mt-4 flex flex-wrap gap-x-4 text-sm text-muted-foreground">
        <span>{contentCopy.legal.updated(contentCopy.date(document.updated))}</span>
        <span>{contentCopy.legal.effective(contentCopy.date(document.effective))}</span>
      </p>
      <MdxArticle source={document.body} className="mt-6" />
    </div>
  );
}
