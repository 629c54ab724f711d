import type { Metadata } from "next";
import { MarketingPage } from "@/features/layouts";

export const metadata: Metadata = { title: "博客" };

export default function BlogPage() {
  return <MarketingPage title="博客" description="思维火花团队的文章与动态。" />;
}
