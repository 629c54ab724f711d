/** Set by `/invite/<code>`, read when the visitor's account is created (sign-up or a first OAuth sign-in). */
export const INVITE_COOKIE = "spark-invite";
export const INVITE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
