import type { Metadata } from "next";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "文件存储" };

export default function StoragePage() {
  return <PageHeading title="文件存储" description="一个演示文件上传与存储的示例。" />;
}
