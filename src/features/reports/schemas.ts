import { z } from "@/lib/zod";

export const REPORT_REASONS = ["illegal", "porn", "violence", "fraud", "privacy", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A 举报 as the form sends it: what is reported (an answer or a share page), why, and a note. */
export const reportInputSchema = z
  .object({
    target: z.enum(["answer", "share"], { message: "举报对象无效" }),
    /** The share token, or `appid:conversationId:messageId` of an answer. */
    targetRef: z.string().trim().min(1, "举报对象无效").max(300, "举报对象无效"),
    reason: z.enum(REPORT_REASONS, { message: "请选择举报原因" }),
    note: z.string().trim().max(1000, "补充说明最多 1000 字").default(""),
    /** The reported text as shown (a short excerpt for the operator). */
    excerpt: z.string().max(2000).default(""),
    /** Where a signed-out visitor wants the reply (signed-in users get it at their account address). */
    email: z.string().trim().toLowerCase().max(320).email("请输入有效的邮箱地址").optional(),
  })
  .strict();

export type ReportInput = z.infer<typeof reportInputSchema>;
