import type { ReportReason } from "./schemas";

/** User-facing copy of 投诉举报. */
export const reportsCopy = {
  reasons: {
    illegal: "违法违规内容",
    porn: "色情低俗",
    violence: "暴力血腥",
    fraud: "诈骗或虚假信息",
    privacy: "侵犯个人隐私或权益",
    other: "其他",
  } satisfies Record<ReportReason, string>,
  button: "举报",
  dialogTitle: "举报内容",
  dialogDescription: "请选择原因并补充说明，我们会尽快核实处理。",
  reasonLabel: "举报原因",
  noteLabel: "补充说明（选填）",
  emailLabel: "联系邮箱（选填，用于接收处理结果）",
  submit: "提交举报",
  pending: "正在提交…",
  done: "举报已提交，感谢您的反馈。",
  failed: "提交失败，请稍后重试",
  tooMany: "举报太频繁，请稍后再试",
} as const;
