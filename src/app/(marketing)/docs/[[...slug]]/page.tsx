import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DocPage } from "@/features/content/components/doc-page";
import { getAllDocs, getDoc } from "@/features/content/server";
import { pageMetadata } from "@/features/marketing";
import { PublicPriceList } from "@/features/marketing/server";

type Props = { params: Promise<{ slug?: string[] }> };

// Every doc is prerendered; unknown slugs are a 404.
export const dynamicParams = false;
// The API docs show the live price list (<PriceList />): regenerated after a price change in the console
// (revalidateListings), and this is the backstop for changes made by another process.
export const revalidate = 300;

/** What the docs' MDX may use beyond the typography: the public price list. */
const DOC_COMPONENTS = { PriceList: PublicPriceList };

export function generateStaticParams() {
  return getAllDocs().map((doc) => ({ slug: doc.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const doc = getDoc((await params).slug ?? []);
  if (!doc) return {};
  // The docs home keeps the section's name as its title: "文档 - 思维火花".
  return pageMetadata({ title: doc.slug.length === 0 ? "文档" : doc.title, description: doc.description, path: doc.href });
}

export default async function DocsPage({ params }: Props) {
  const doc = getDoc((await params).slug ?? []);
  if (!doc) notFound();
  return <DocPage doc={doc} components={DOC_COMPONENTS} />;
}
