import { marketingCopy, pageMetadata } from "@/features/marketing";
import { AiShowcase } from "@/features/marketing/server";

export const metadata = pageMetadata({ title: marketingCopy.ai.title, description: marketingCopy.ai.description, path: "/ai" });

// Prerendered at build time, then refreshed at run time (at most every 5 minutes) so that AI apps
// configured on the server after the build (DIFY_APPS, AI_APPS_CONFIG) show without a rebuild.
export const revalidate = 300;

export default function AiPage() {
  return <AiShowcase />;
}
