import { contentCopy } from "@/features/content";
import { BlogList } from "@/features/content/components/blog-list";
import { pageMetadata } from "@/features/marketing";

export const metadata = pageMetadata({ title: contentCopy.blog.title, description: contentCopy.blog.description, path: "/blog" });

export default function BlogPage() {
  return <BlogList page={1} />;
}
