import type { Metadata } from "next";
import { z } from "zod";
import { MarketingPage } from "@/features/layouts";
import { parseRouteParams } from "@/features/routing";

export const metadata: Metadata = { title: "博客" };

const paramsSchema = z.object({ path: z.array(z.string().regex(/^[a-z0-9-]{1,100}$/)).min(1).max(5) });

export default async function BlogPostPage({ params }: { params: Promise<{ path: string[] }> }) {
  parseRouteParams(paramsSchema, await params);
  return <MarketingPage title="博客" />;
}
