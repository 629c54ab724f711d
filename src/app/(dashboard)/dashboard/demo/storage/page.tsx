import type { Metadata } from "next";
import { StorageBrowser } from "@/features/files";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "文件存储" };

// Dashboard pages render per request (their CSP carries a nonce); nothing else here would make it so.
export const dynamic = "force-dynamic";

export default function StoragePage() {
  return (
    <div className="grid gap-6">
      <PageHeading title="文件存储" description="上传、整理和分享您的文件：支持拖放上传、签名链接和图片转换。" />
      <StorageBrowser />
    </div>
  );
}
