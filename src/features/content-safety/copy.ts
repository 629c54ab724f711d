/** What users see when content safety steps in (Chinese, shown by the chat, workflow and completion pages and /v1). */
export const SAFETY_COPY = {
  questionRefused: "您的输入包含不适宜的内容，未能发送。请修改后重试。",
  fileRefused: "文件名包含不适宜的内容，请重命名后再上传。",
  answerReplaced: "这条回答包含不适宜展示的内容，已停止生成并隐藏。",
  unavailable: "内容安全检查暂时不可用，请稍后重试。",
  /** The call that banned the user for repeated hits (`until`: China time, e.g. 2026-11-28 18:05). */
  bannedForHits: (until: string) => `由于多次提交或生成不适宜的内容，您的账号已被暂停使用至 ${until}（北京时间），期间不能使用 AI 功能。如有疑问，请联系客服。`,
  /** A banned user's later AI calls (whoever banned them: this rule or an operator). */
  banned: (until: string) => `您的账号已被暂停使用至 ${until}（北京时间），期间不能使用 AI 功能。如有疑问，请联系客服。`,
} as const;

const chinaTime = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });

/** The ban's end as the notice shows it: `2026-11-28 18:05` in China time. */
export function banEndText(until: Date | string): string {
  return chinaTime.format(new Date(until)).replace(/\//g, "-");
}
