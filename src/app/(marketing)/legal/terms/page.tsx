import type { Metadata } from "next";
import { MarketingPage } from "@/features/layouts";

export const metadata: Metadata = { title: "服务条款" };

export default function TermsPage() {
  return <MarketingPage title="服务条款" description="使用思维火花服务时适用的条款。" />;
}
