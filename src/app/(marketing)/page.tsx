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

// Prerendered; an app change in the console revalidates it on demand (revalidateListings), and the
// 5 minutes are the backstop.
export const revalidate = 300;

export default function Page() {
  return <HomePage />;
}
