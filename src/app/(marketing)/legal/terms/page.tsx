import { LegalArticle } from "@/features/content/components/legal-article";
import { pageMetadata } from "@/features/marketing";

export const metadata = pageMetadata({ title: "服务条款", description: "使用思维火花服务时适用的条款。", path: "/legal/terms" });

export default function TermsPage() {
  return <LegalArticle slug="terms" />;
}
