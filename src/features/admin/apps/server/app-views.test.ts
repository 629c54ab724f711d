import { describe, expect, it } from "vitest";
import { modelAppSettingsSchema } from "@/features/ai-models/server";
import { appFieldsSchema } from "../app-input";
import { appFromFields } from "./app-views";

describe("saving a model app from the console", () => {
  const existing = {
    appid: "m",
    kind: "chat" as const,
    name: "模型",
    description: "",
    icon: "bot",
    enabled: true,
    upstreamBaseUrl: "embedded:models",
    upstreamSecretKey: "",
    modelSettings: modelAppSettingsSchema.parse({ provider: { baseUrl: "https://api.example.com/v1", apiKey: "sk-old" }, models: [{ id: "chat-1" }], embeddingModels: [{ id: "embed-1", weight: 2 }] }),
  };
  const fields = (baseUrl: string) =>
    appFieldsSchema.parse({ type: "model", name: "模型", icon: "bot", provider: { baseUrl, apiKey: "sk-new" }, fallbackProvider: null, models: [{ id: "chat-2", weight: 1, vision: false }], systemPrompt: "", temperature: null, maxTokens: null, openingStatement: "", suggestedQuestions: [], firstByteTimeoutMs: 60_000 });

  it("keeps the configured embedding models (the form does not show them) while the provider stays, drops them with a new provider", () => {
    expect(appFromFields("m", fields("https://api.example.com/v1/"), existing).modelSettings?.embeddingModels).toEqual([{ id: "embed-1", weight: 2 }]);
    expect(appFromFields("m", fields("https://other.example.com/v1"), existing).modelSettings?.embeddingModels).toEqual([]);
  });
});
