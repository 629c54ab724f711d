"use client";

import type { ReactNode } from "react";
import type { DifyParameters } from "../types";
import { useAppParameters } from "../use-app-parameters";
import { RequestError } from "./request-error";

/**
 * Loads an app's `parameters` (input form, upload rules, opening statement) and renders the page
 * once they are there: a status line while loading, the error with 重试 if they fail.
 */
export function AppParametersGate({ appid, children }: { appid: string; children: (parameters: DifyParameters) => ReactNode }) {
  const { state, reload } = useAppParameters(appid);
  if (state.status === "loading") {
    return (
      <div className="flex flex-1 items-center justify-center text-sm text-muted-foreground" role="status">
        正在加载应用…
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div className="mx-auto w-full max-w-lg p-6">
        <RequestError message={state.message} statusCode={state.statusCode} onRetry={reload} />
      </div>
    );
  }
  return children(state.parameters);
}
