import { contentCopy } from "@/features/content";
import { ChangelogList } from "@/features/content/components/changelog-list";
import { pageMetadata } from "@/features/marketing";

export const metadata = pageMetadata({ title: contentCopy.changelog.title, description: contentCopy.changelog.description, path: "/changelog" });

export default function ChangelogPage() {
  return <ChangelogList />;
}
