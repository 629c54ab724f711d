import { z } from "@/lib/zod";

// Control characters have no place in a note: Postgres refuses NUL in text (a 500 before this), and
// the others only hide content. The body keeps tab and line breaks.
const TITLE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const BODY_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** What the browser sends to create or edit a note (client-safe: the form uses it too). */
export const noteInputSchema = z.object({
  title: z
    .string({ message: "请输入标题" })
    .trim()
    .min(1, { message: "请输入标题" })
    .max(200, { message: "标题最多 200 个字" })
    .refine((title) => !TITLE_CONTROL_CHARACTERS.test(title), { message: "标题不能包含控制字符" }),
  body: z
    .string()
    .max(20_000, { message: "正文最多 20000 个字" })
    .refine((body) => !BODY_CONTROL_CHARACTERS.test(body), { message: "正文不能包含控制字符" })
    .default(""),
});

/** A search query as the list takes it: control characters dropped, at most 200 characters. */
export function cleanNoteQuery(query: string | null | undefined): string | undefined {
  return query?.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200);
}

export type NoteInput = z.infer<typeof noteInputSchema>;

/** A note as the API answers it. */
export type NoteView = { id: string; title: string; body: string; createdAt: string; updatedAt: string };
