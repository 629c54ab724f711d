import { z } from "@/lib/zod";

/** A knowledge base's name, as typed on the dashboard. */
export const baseNameSchema = z.object({
  name: z.string({ message: "请填写知识库名称" }).trim().min(1, "请填写知识库名称").max(60, "知识库名称最多 60 个字"),
});

/** Adding a web page by its address (uploads are multipart forms with a `file`). */
export const documentUrlSchema = z.object({
  url: z.string({ message: "请填写网址" }).trim().min(1, "请填写网址").max(2000, "网址太长").url("网址格式不正确"),
});

/** The bases an operator attaches to a model app (the console's app settings). */
export const appBasesSchema = z.object({
  baseIds: z.array(z.uuid("知识库 id 格式不正确"), { message: "baseIds 必须是数组" }).max(20, "最多关联 20 个知识库"),
});
