import type { Metadata } from "next";
import { z } from "zod";
import { MarketingPage } from "@/features/layouts";
import { parseRouteParams } from "@/features/routing";

export const metadata: Metadata = { title: "文档" };

const paramsSchema = z.object({ slug: z.array(z.string().regex(/^[a-z0-9-]{1,100}$/)).max(6).optional() });

export default async function DocsPage({ params }: { params: Promise<{ slug?: string[] }> }) {
  parseRouteParams(paramsSchema, await params);
  return <MarketingPage title="文档" description="思维火花的使用文档。" />;
}
