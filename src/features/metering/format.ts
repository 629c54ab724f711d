const timeFormat = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });

/** `11-21 18:05` in China time, for call lists. */
export function formatCallTime(iso: string): string {
  return timeFormat.format(new Date(iso)).replace(/\//g, "-");
}

/** `1,234` */
export function formatCount(value: number): string {
  return value.toLocaleString("zh-CN");
}

/** `MM-DD` of a `YYYY-MM-DD` day, for chart ticks. */
export function shortDay(date: string): string {
  return date.slice(5);
}
