import type { Metadata } from "next";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "控制台" };

export default function DashboardPage() {
  return <PageHeading title="控制台" description="在这里查看你的账号与使用概况。" />;
}
