import type { Metadata } from "next";
import { AuthCallbackHandler } from "@/features/auth";
import { AuthCallbackStatus } from "@/features/layouts";

export const metadata: Metadata = { title: "正在验证" };

export default function AuthCallbackPage() {
  return (
    <>
      <AuthCallbackStatus />
      <AuthCallbackHandler />
    </>
  );
}
