import { APPID_PATTERN } from "@/features/ai-apps";
import { z } from "@/lib/zod";

// Requests of the conversation search and pin routes (src/app/api/ai/conversations/…), shared by
// the routes and their tests. Messages are the ones the user sees in the 400 answer.

const appid = z.string({ message: "缺少应用 ID" }).regex(APPID_PATTERN, "应用 ID 格式不正确");
/** Dify's ids are UUIDs; a looser pattern still keeps paths and odd characters out. */
const conversationId = z.string({ message: "缺少对话 ID" }).regex(/^[A-Za-z0-9_-]{1,64}$/, "对话 ID 格式不正确");

/** GET /api/ai/conversations/search?appid=…&q=… */
export const conversationSearchSchema = z.object({
  appid,
  q: z.string({ message: "请输入搜索内容" }).trim().min(1, "请输入搜索内容").max(100, "搜索内容最多 100 个字符"),
});

/** GET /api/ai/conversations/pins?appid=… */
export const pinListSchema = z.object({ appid });

/** PUT / DELETE /api/ai/conversations/pins (JSON body). */
export const pinChangeSchema = z.object({ appid, conversationId });

export type PinChange = z.infer<typeof pinChangeSchema>;
