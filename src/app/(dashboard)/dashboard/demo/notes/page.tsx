import type { Metadata } from "next";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "笔记" };

export default function NotesPage() {
  return <PageHeading title="笔记" description="一个演示数据读写的笔记示例。" />;
}
