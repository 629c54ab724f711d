import type { Metadata } from "next";
import { ResetPasswordForm } from "@/features/auth";

export const metadata: Metadata = { title: "设置新密码" };

export default function ResetPasswordPage() {
  return <ResetPasswordForm />;
}
