/** One `/v1` call as the 调用日志 lists it (never the messages). */
export interface CallLogEntry {
  id: string;
  createdAt: string;
  keyId: string;
  /** '' when the key has since been deleted. */
  keyName: string;
  keyPrefix: string;
  endpoint: string;
  model: string | null;
  appid: string | null;
  appName: string | null;
  status: number;
  errorCode: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
  /** 分 taken from the balance (按量付费); null when the call was paid from the quota or cost nothing. */
  costFen: number | null;
  durationMs: number;
  requestId: string;
}
