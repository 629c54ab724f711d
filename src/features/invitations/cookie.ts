/** Set by `/invite/<code>`, read when the visitor's account is created (sign-up or a first OAuth sign-in). */
export const INVITE_COOKIE = "spark-invite";
export const INVITE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * A browser's long-lived random id, set on `/invite/<code>` and the sign-up page and stored with the
 * invitation, so the console's per-device bound can count sign-ups from one browser whatever its
 * address. HttpOnly and SameSite=Lax: pages cannot read it, other sites cannot send it.
 */
export const DEVICE_COOKIE = "spark-device";
/** 400 days: the longest a browser keeps a cookie. */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** What a device id looks like (a UUID): anything else in the cookie is ignored. */
export const DEVICE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
