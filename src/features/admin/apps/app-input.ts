import { z } from "@/lib/zod";

/**
 * What the 添加 / 编辑 form sends (client-safe: the form and the API share it). A Dify app keeps its
 * key, a model app its providers' keys, when the field is left empty on an edit.
 */
export const EMBEDDED_DIFY_URL = "embedded:dify";
export const EMBEDDED_PROVIDER_URL = "embedded:model-provider";
export const APP_ICON_CHOICES = ["message-square", "workflow", "pen-line", "bot", "sparkles", "book-open", "languages", "code", "file-text", "image", "search", "lightbulb", "graduation-cap", "briefcase"] as const;

/** A strict object whose unknown-field error is Chinese like the rest. */
const strictObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? `不支持的字段：${issue.keys.join("、")}` : undefined) });

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
  } catch {
    return false;
  }
};

/** http(s) without credentials in the URL, or the embedded server's name; trailing slashes dropped. */
const upstreamUrl = (embedded: string) =>
  z
    .string()
    .trim()
    .min(1, "请填写接口地址")
    .max(500, "接口地址最多 500 个字符")
    .refine((text) => text === embedded || isHttpUrl(text), `接口地址必须是 http:// 或 https:// 开头的网址（或内置的 ${embedded}）`)
    .transform((text) => text.replace(/\/+$/, ""));

/** Empty or absent: keep the stored key (edits). */
const keyField = z.string().trim().max(500, "密钥最多 500 个字符").regex(/^[\x21-\x7e]*$/, "密钥只能包含可见的 ASCII 字符").optional();

const iconField = z
  .string()
  .trim()
  .min(1, "请选择图标")
  .max(500, "图标最多 500 个字符")
  .refine(
    (icon) => (APP_ICON_CHOICES as readonly string[]).includes(icon) || /^(https:\/\/|\/(?!\/))[^\s"'<>\\]+$/.test(icon) || /^[^\x00-\x7f]{1,8}$/.test(icon),
    "图标必须是列表中的名称、一个 emoji，或 https:// 开头的图片网址",
  );

const common = {
  name: z.string().trim().min(1, "请填写名称").max(40, "名称最多 40 个字符"),
  description: z.string().trim().max(300, "简介最多 300 个字符").default(""),
  genaiFiling: z.string().trim().max(300, "备案 / 登记信息最多 300 个字符").optional(),
  icon: iconField,
  enabled: z.boolean().default(true),
};

export const appidField = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "应用 ID 只能包含字母、数字、下划线和连字符，最长 64 个字符");

const difyFields = strictObject({
    type: z.literal("dify"),
    kind: z.enum(["chat", "workflow", "completion"], { message: "请选择应用类型" }),
    ...common,
    baseUrl: upstreamUrl(EMBEDDED_DIFY_URL),
    apiKey: keyField,
  });

const providerFields = strictObject({ baseUrl: upstreamUrl(EMBEDDED_PROVIDER_URL), apiKey: keyField });

const modelOption = strictObject({
    id: z.string().trim().min(1, "模型 ID 不能为空").max(128, "模型 ID 最多 128 个字符"),
    name: z.string().trim().max(64, "模型名称最多 64 个字符").optional(),
    weight: z.number({ message: "倍率必须是数字" }).positive("倍率必须大于 0").max(100, "倍率最多 100"),
    vision: z.boolean(),
  });

const modelFields = strictObject({
    type: z.literal("model"),
    ...common,
    provider: providerFields,
    fallbackProvider: providerFields.nullable().default(null),
    models: z.array(modelOption).min(1, "至少填写一个模型").max(50, "最多 50 个模型"),
    defaultModel: z.string().trim().max(128).optional(),
    systemPrompt: z.string().max(20_000, "系统提示词最多 20000 个字符").default(""),
    temperature: z.number().min(0, "温度在 0 到 2 之间").max(2, "温度在 0 到 2 之间").nullable().default(null),
    maxTokens: z.number().int("最大输出 Token 必须是整数").positive("最大输出 Token 必须大于 0").max(1_000_000).nullable().default(null),
    openingStatement: z.string().max(2000, "开场白最多 2000 个字符").default(""),
    suggestedQuestions: z.array(z.string().trim().min(1).max(200, "推荐问题每条最多 200 个字符")).max(10, "推荐问题最多 10 条").default([]),
    firstByteTimeoutMs: z.number().int().min(1_000, "首字超时至少 1 秒").max(600_000, "首字超时最多 600 秒").default(60_000),
    webSearch: z.boolean().default(false),
  })
  .refine((app) => !app.defaultModel || app.models.some((model) => model.id === app.defaultModel), { message: "默认模型必须是列表中的一个", path: ["defaultModel"] })
  .refine((app) => new Set(app.models.map((model) => model.id)).size === app.models.length, { message: "模型 ID 不能重复", path: ["models"] });

/** The body of 编辑 (`POST /api/admin/apps/{appid}`) and of 连接测试 before saving. */
export const appFieldsSchema = z.discriminatedUnion("type", [difyFields, modelFields]);
export type AppFields = z.infer<typeof appFieldsSchema>;
export type AppFieldsInput = z.input<typeof appFieldsSchema>;

/** The body of 添加 (`POST /api/admin/apps`): the fields and the new app's id. */
export const newAppSchema = strictObject({ appid: appidField.refine((appid) => appid !== "order" && appid !== "connection-test", "这个应用 ID 已被系统使用，请换一个"), app: appFieldsSchema });

export const enabledBody = strictObject({ enabled: z.boolean() });
export const reorderBody = strictObject({ appids: z.array(appidField).min(1).max(500) });
/** 连接测试: a stored app as it is, or with the form's unsaved fields (`appid` for the keys left empty). */
export const connectionTestBody = strictObject({ appid: appidField.optional(), app: appFieldsSchema.optional() }).refine((body) => body.appid || body.app, "请提供要测试的应用");
