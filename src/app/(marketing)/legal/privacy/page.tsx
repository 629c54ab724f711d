import { LegalArticle } from "@/features/content/components/legal-article";
import { pageMetadata } from "@/features/marketing";

export const metadata = pageMetadata({ title: "隐私政策", description: "思维火花如何收集、使用和保护您的个人信息。", path: "/legal/privacy" });

export default function PrivacyPage() {
  return <LegalArticle slug="privacy" />;
}
