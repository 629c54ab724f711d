import type { Metadata } from "next";
import { MarketingPage } from "@/features/layouts";

export const metadata: Metadata = { title: "更新日志" };

export default function ChangelogPage() {
  return <MarketingPage title="更新日志" description="思维火花的版本更新记录。" />;
}
