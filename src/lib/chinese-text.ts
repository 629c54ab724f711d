/**
 * Whether a message is written for our users: error texts from libraries and upstream services are
 * English, and only those we (or a Chinese-speaking operator) wrote contain Han characters.
 */
export function isChineseText(text: string | null | undefined): text is string {
  return Boolean(text && /\p{Script=Han}/u.test(text));
}
