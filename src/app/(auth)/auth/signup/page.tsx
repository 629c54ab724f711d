import type { Metadata } from "next";
import { SignUpForm } from "@/features/auth";

export const metadata: Metadata = { title: "注册" };

export default function SignUpPage() {
  return <SignUpForm />;
}
