/** Chinese is read at roughly 400 characters a minute, Latin text at roughly 200 words a minute. */
const HAN_PER_MINUTE = 400;
const WORDS_PER_MINUTE = 200;

/** Whole minutes (at least 1) needed to read a Markdown/MDX source; code blocks count half. */
export function readingMinutes(source: string): number {
  const withoutCode = source.replace(/```[\s\S]*?```/g, (block) => block.slice(0, Math.floor(block.length / 2)));
  const prose = withoutCode.replace(/<[^>]+>|[#*_`>[\]()!|-]/g, " ");
  const han = prose.match(/\p{Script=Han}/gu)?.length ?? 0;
  const words = prose.replace(/\p{Script=Han}/gu, " ").match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return Math.max(1, Math.round(han / HAN_PER_MINUTE + words / WORDS_PER_MINUTE));
}
