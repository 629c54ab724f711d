import type { Metadata } from "next";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "登录" };

export default function SignInPage() {
  return <PageHeading title="登录" description="登录你的思维火花账号。" className="text-center" />;
}
