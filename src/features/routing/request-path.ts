import { headers } from "next/headers";

/** Set by `src/proxy.ts` on every request: the path and query the visitor asked for. */
export const REQUEST_PATH_HEADER = "x-request-path";

/** The requested path and query, as the visitor typed it. */
export async function getRequestPath(): Promise<string> {
  return (await headers()).get(REQUEST_PATH_HEADER) ?? "/";
}
