import { describe, expect, it } from "vitest";
import { appFieldsSchema } from "./app-input";
import { emptyAppForm, formatModelLines, formFromFields, parseModelLines, toAppFields } from "./form-state";

describe("the add / edit form's fields", () => {
  it("reads one model a line (id | 名称 | 倍率 | 识图) and names the first bad line", () => {
    expect(parseModelLines("deepseek-chat | DeepSeek | 1 | 否\n\n  qwen-vl | 通义 | 1.5 | 是 \nbare")).toEqual([
      { id: "deepseek-chat", name: "DeepSeek", weight: 1, vision: false },
      { id: "qwen-vl", name: "通义", weight: 1.5, vision: true },
      { id: "bare", weight: 1, vision: false },
    ]);
    expect(parseModelLines("ok\n | 无 ID")).toEqual({ badLine: 2 });
    expect(parseModelLines("a | x | -1")).toEqual({ badLine: 1 });
    expect(parseModelLines("a | x | 很多")).toEqual({ badLine: 1 });
  });

  it("sends a Dify app without its key when none was typed (the server keeps the stored one)", () => {
    const fields = toAppFields({ ...emptyAppForm, name: "助手", baseUrl: "https://dify.example.com/v1/" });
    expect(fields).toEqual({ type: "dify", kind: "chat", name: "助手", description: "", genaiFiling: "", icon: "message-square", enabled: true, baseUrl: "https://dify.example.com/v1/" });
    expect(appFieldsSchema.parse(fields)).toMatchObject({ baseUrl: "https://dify.example.com/v1" });
  });

  it("round-trips a model app through the form, its body passing the API's schema", () => {
    const form = {
      ...emptyAppForm,
      type: "model" as const,
      name: "模型",
      icon: "bot",
      baseUrl: "https://api.deepseek.com/v1",
      apiKey: "sk-new",
      models: "deepseek-chat | 对话 | 1 | 否",
      suggestedQuestions: "第一个\n\n第二个",
      temperature: "0.7",
      firstByteTimeoutSeconds: "30",
    };
    const fields = toAppFields(form);
    const parsed = appFieldsSchema.parse(fields);
    expect(parsed).toMatchObject({ type: "model", provider: { apiKey: "sk-new" }, fallbackProvider: null, suggestedQuestions: ["第一个", "第二个"], temperature: 0.7, maxTokens: null, firstByteTimeoutMs: 30_000 });
    const again = formFromFields("m", parsed);
    expect(again).toMatchObject({ type: "model", appid: "m", apiKey: "", models: formatModelLines(parsed.type === "model" ? parsed.models : []), temperature: "0.7", firstByteTimeoutSeconds: "30" });
  });
});
