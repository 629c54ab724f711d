import type { Metadata } from "next";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "注册" };

export default function SignUpPage() {
  return <PageHeading title="注册" description="创建你的思维火花账号。" className="text-center" />;
}
