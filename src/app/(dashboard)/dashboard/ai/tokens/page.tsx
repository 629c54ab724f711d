import type { Metadata } from "next";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "Token 用量" };

export default function TokensPage() {
  return <PageHeading title="Token 用量" description="在这里查看 AI 调用的 Token 用量。" />;
}
