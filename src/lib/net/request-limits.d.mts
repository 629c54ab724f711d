/** Types of request-limits.mjs. */
export type RequestLimits = {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  uploadTimeoutMs: number;
  maxBodyBytes: number;
};
export const DEFAULT_LIMITS: Readonly<RequestLimits>;
export function isUploadRequest(method: string | undefined, url: string | undefined): boolean;
