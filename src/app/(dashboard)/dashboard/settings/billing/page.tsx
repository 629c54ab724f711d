import type { Metadata } from "next";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "订阅与账单" };

export default function BillingPage() {
  return <PageHeading title="订阅与账单" description="在这里查看和管理你的订阅。" />;
}
