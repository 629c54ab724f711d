"use client";

import { useRouter } from "next/navigation";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { adminCopy } from "../copy";

/**
 * Calls one of the console's write endpoints, toasts the outcome and refreshes the page's server
 * data. A 403 for a stale session carries 请重新输入密码以继续操作, shown as is. Throws on failure so
 * the confirming dialog stays open.
 */
export function useAdminAction() {
  const router = useRouter();
  return async function run<T>(path: string, request: { method: "POST" | "DELETE"; json?: object }, success: (result: T) => string): Promise<T> {
    try {
      const result = await apiFetch<T>(`/api/admin/${path}`, request);
      toast({ title: success(result), variant: "success" });
      router.refresh();
      return result;
    } catch (error) {
      toast({ title: adminCopy.actions.failed, description: error instanceof ApiError ? error.message : String(error), variant: "destructive" });
      throw error;
    }
  };
}
