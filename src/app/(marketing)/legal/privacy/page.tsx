import type { Metadata } from "next";
import { MarketingPage } from "@/features/layouts";

export const metadata: Metadata = { title: "隐私政策" };

export default function PrivacyPage() {
  return <MarketingPage title="隐私政策" description="思维火花如何收集、使用和保护你的个人信息。" />;
}
