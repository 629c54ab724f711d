"use client";

import { useRouter } from "next/navigation";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { adminCopy } from "../copy";
import { REAUTHENTICATE_MESSAGE } from "../reauth";
import { useRequestReauth } from "./reauth-context";

/**
 * Calls one of the console's write endpoints, toasts the outcome and refreshes the page's server
 * data. A 403 for a stale session (请重新输入密码以继续操作) asks for the password and tries once more.
 * Throws on failure so the confirming dialog stays open.
 */
export function useAdminAction() {
  const router = useRouter();
  const requestReauth = useRequestReauth();
  return async function run<T>(path: string, request: { method: "POST" | "PUT" | "DELETE"; json?: object }, success: (result: T) => string): Promise<T> {
    const call = () => apiFetch<T>(`/api/admin/${path}`, request);
    try {
      const result = await call().catch(async (error: unknown) => {
        if (!(error instanceof ApiError && error.statusCode === 403 && error.message === REAUTHENTICATE_MESSAGE)) throw error;
        if (!(await requestReauth())) throw error;
        return call();
      });
      toast({ title: success(result), variant: "success" });
      router.refresh();
      return result;
    } catch (error) {
      toast({ title: adminCopy.actions.failed, description: error instanceof ApiError ? error.message : String(error), variant: "destructive" });
      throw error;
    }
  };
}
