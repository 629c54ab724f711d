import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/features/auth";

export const metadata: Metadata = { title: "找回密码" };

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
