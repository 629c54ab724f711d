import type { Metadata } from "next";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "AI 应用" };

export default function DashboardAiPage() {
  return <PageHeading title="AI 应用" description="在这里使用和管理你的 AI 应用。" />;
}
