import type { Metadata } from "next";
import { MarketingPage } from "@/features/layouts";

export const metadata: Metadata = { title: "AI 应用" };

export default function AiPage() {
  return <MarketingPage title="AI 应用" description="了解可以在思维火花中使用的 AI 应用。" />;
}
