import { describe, expect, it } from "vitest";
import { modelAppSettingsSchema } from "@/features/ai-models/server";
import { aiCallReservationTokens } from "./ai-call-spend";

const modelApp = (fields: Record<string, unknown>) => ({
  modelSettings: modelAppSettingsSchema.parse({ provider: { baseUrl: "embedded:model-provider" }, models: [{ id: "m", weight: 2 }], ...fields }),
});

describe("tokens reserved for one AI call", () => {
  it("reserves the configured estimate for a Dify app and a model app without max tokens", () => {
    expect(aiCallReservationTokens({ app: {}, body: { query: "你好" } })).toBe(2_000);
    expect(aiCallReservationTokens({ app: modelApp({}), body: { query: "你好" } })).toBe(2_000);
  });

  it("reserves what a model app with max tokens can spend, however small or large", () => {
    expect(aiCallReservationTokens({ app: modelApp({ maxTokens: 200 }), body: { query: "你好" } })).toBe((200 + 4 + 4 + 2) * 2);
    expect(aiCallReservationTokens({ app: modelApp({ maxTokens: 8_000 }), body: { query: "你好" } })).toBe((8_000 + 4 + 4 + 2) * 2);
  });
});
