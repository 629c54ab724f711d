import { appConfig } from "@/config/app";
import { pageMetadata } from "@/features/marketing";
import { HomePage } from "@/features/marketing/server";

export const metadata = pageMetadata({
  title: "思维火花 - 快速接入AI工作流",
  absoluteTitle: true,
  // The product's description (SPEC §1); other pages describe themselves.
  description: appConfig.description,
  path: "/",
});

// Prerendered at build time, then refreshed at run time (at most every 5 minutes) so that AI apps
// configured on the server after the build (DIFY_APPS, AI_APPS_CONFIG) show without a rebuild.
export const revalidate = 300;

export default function Page() {
  return <HomePage />;
}
