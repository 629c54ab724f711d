import { marketingCopy, pageMetadata } from "@/features/marketing";
import { AiShowcase } from "@/features/marketing/server";

export const metadata = pageMetadata({ title: marketingCopy.ai.title, description: marketingCopy.ai.description, path: "/ai" });

// Prerendered; an app change in the console revalidates it on demand (revalidateListings), and the
// 5 minutes are the backstop.
export const revalidate = 300;

export default function AiPage() {
  return <AiShowcase />;
}
