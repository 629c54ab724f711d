import { z } from "zod";

/** What the browser sends to create or edit a note (client-safe: the form uses it too). */
export const noteInputSchema = z.object({
  title: z.string({ message: "请输入标题" }).trim().min(1, { message: "请输入标题" }).max(200, { message: "标题最多 200 个字" }),
  body: z.string().max(20_000, { message: "正文最多 20000 个字" }).default(""),
});

export type NoteInput = z.infer<typeof noteInputSchema>;

/** A note as the API answers it. */
export type NoteView = { id: string; title: string; body: string; createdAt: string; updatedAt: string };
