import { z } from "@/lib/zod";

/** An announcement as the dashboard shows it. */
export type AnnouncementView = { id: string; text: string; link: string | null };

/** As the console lists it. */
export type AdminAnnouncementView = AnnouncementView & { startsAt: string; endsAt: string | null; audiencePlanId: string | null; createdAt: string };

// A link is a same-site path or an https address (no javascript: and the like in a user's dashboard).
const link = z
  .string()
  .trim()
  .max(500, "链接最多 500 个字符")
  .refine((value) => value === "" || /^\/(?!\/)/.test(value) || /^https:\/\/[^\s]+$/.test(value), "链接应为站内路径（以 / 开头）或 https:// 开头的地址");

/** `POST /api/admin/announcements`: text, optional link, start (default now), optional end, audience (everyone or a plan). */
export const announcementBodySchema = z
  .object({
    text: z.string().trim().min(1, "请填写公告内容").max(300, "公告内容最多 300 字"),
    link: link.optional(),
    startsAt: z.iso.datetime({ offset: true, message: "开始时间格式不正确" }).optional(),
    endsAt: z.iso.datetime({ offset: true, message: "结束时间格式不正确" }).optional(),
    audiencePlanId: z.string().trim().regex(/^[a-z0-9_-]{1,40}$/, "套餐不存在").optional(),
  })
  .strict()
  .refine((body) => !body.startsAt || !body.endsAt || new Date(body.endsAt) > new Date(body.startsAt), { message: "结束时间应晚于开始时间", path: ["endsAt"] });

export type AnnouncementBody = z.infer<typeof announcementBodySchema>;
