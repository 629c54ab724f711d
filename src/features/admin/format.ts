const dateTime = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** `2026-11-25 18:05` in China time (the product's calendar). */
export function formatAdminDateTime(iso: string): string {
  return dateTime.format(new Date(iso)).replace(/\//g, "-");
}
