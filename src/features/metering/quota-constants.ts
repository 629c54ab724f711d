/** The AI proxy's answer when this month's tokens are used up (HTTP 402); client pages match on it. */
export const QUOTA_EXCEEDED_STATUS = 402;
export const QUOTA_EXCEEDED_MESSAGE = "本月额度已用完，请升级套餐";
/** Also 402: the user's plan does not include the app, and the balance cannot (or may not) pay for it. */
export const NOT_IN_PLAN_MESSAGE = "当前套餐不包含此应用：请升级套餐，或开启按量付费并充值后使用";
/** The AI proxy's answer when the user already has their plan's number of AI calls in flight (HTTP 429). */
export const TOO_MANY_AI_CALLS_STATUS = 429;
export const TOO_MANY_AI_CALLS_MESSAGE = "同时进行的 AI 请求过多，请等当前回答完成后再试";
