"use client";

import { useState } from "react";
import { ApiError, apiFetch } from "@/lib/fetch";
import { REAUTHENTICATE_MESSAGE } from "../../reauth";
import { useRequestReauth } from "../../components/reauth-context";
import type { AppFieldsInput } from "../app-input";
import type { ConnectionTestResult } from "../types";

/**
 * Runs 连接测试 (a stored app, or the form's unsaved fields) and keeps the answer to show beside the
 * button (not a toast: a failed test is an answer, not an error). A stale session asks for the password once.
 */
export function useConnectionTest() {
  const requestReauth = useRequestReauth();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const test = async (body: { appid?: string; app?: AppFieldsInput }) => {
    setPending(true);
    setResult(null);
    const call = () => apiFetch<ConnectionTestResult>("/api/admin/apps/connection-test", { method: "POST", json: body });
    try {
      setResult(
        await call().catch(async (error: unknown) => {
          if (!(error instanceof ApiError && error.statusCode === 403 && error.message === REAUTHENTICATE_MESSAGE)) throw error;
          if (!(await requestReauth())) throw error;
          return call();
        }),
      );
    } catch (error) {
      setResult({ ok: false, latencyMs: 0, message: error instanceof ApiError ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  };
  return { test, pending, result, reset: () => setResult(null) };
}
