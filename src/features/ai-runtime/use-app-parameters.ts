"use client";

import { useCallback, useEffect, useState } from "react";
import { difyProxyUrl } from "@/features/ai-apps";
import { apiFetch } from "@/lib/fetch";
import { messageOf, statusOf } from "./errors";
import type { DifyParameters } from "./types";

export type ParametersState =
  | { status: "loading" }
  | { status: "ready"; parameters: DifyParameters }
  | { status: "error"; message: string; statusCode: number };

/** The app's `parameters` (input form, opening statement, uploads…), loaded once through the proxy. */
export function useAppParameters(appid: string): { state: ParametersState; reload: () => void } {
  const [state, setState] = useState<ParametersState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    apiFetch<DifyParameters>(difyProxyUrl("parameters", appid)).then(
      (parameters) => {
        if (!cancelled) setState({ status: "ready", parameters });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: "error", message: messageOf(error), statusCode: statusOf(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [appid, attempt]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((value) => value + 1);
  }, []);
  return { state, reload };
}
