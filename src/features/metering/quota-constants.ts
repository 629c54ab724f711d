/** The AI proxy's answer when this month's tokens are used up (HTTP 402); client pages match on it. */
export const QUOTA_EXCEEDED_STATUS = 402;
export const QUOTA_EXCEEDED_MESSAGE = "本月额度已用完，请升级套餐";
/** The AI proxy's answer when the user already has their plan's number of AI calls in flight (HTTP 429). */
export const TOO_MANY_AI_CALLS_STATUS = 429;
export const TOO_MANY_AI_CALLS_MESSAGE = "同时进行的 AI 请求过多，请等当前回答完成后再试";
