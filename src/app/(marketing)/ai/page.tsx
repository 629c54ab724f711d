import { marketingCopy, pageMetadata } from "@/features/marketing";
import { AiShowcase } from "@/features/marketing/server";

export const metadata = pageMetadata({ title: marketingCopy.ai.title, description: marketingCopy.ai.description, path: "/ai" });

export default function AiPage() {
  return <AiShowcase />;
}
