/** The AI proxy's answer when this month's tokens are used up (HTTP 402); client pages match on it. */
export const QUOTA_EXCEEDED_STATUS = 402;
export const QUOTA_EXCEEDED_MESSAGE = "本月额度已用完，请升级套餐";
