import { z } from "@/lib/zod";

/** 注销账号: the typed confirmation, and the password or a code when the session is not a fresh sign-in. */
export const accountDeletionSchema = z.object({
  confirm: z.literal("注销", { message: "请输入“注销”以确认" }),
  password: z.string().max(200, "密码过长").optional(),
  /** The one-time code sent by POST /api/account/deletion/code (accounts without a password). */
  code: z.string().trim().regex(/^\d{4,10}$/, "验证码为数字").optional(),
});

export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;
