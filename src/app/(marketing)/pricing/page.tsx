import type { Metadata } from "next";
import { MarketingPage } from "@/features/layouts";

export const metadata: Metadata = { title: "价格" };

export default function PricingPage() {
  return <MarketingPage title="价格" description="思维火花的订阅方案与价格。" />;
}
