import { describe, expect, it } from "vitest";
import { countTokens } from "@/lib/token-estimate";
import { modelCallTokenBound } from "./call-token-bound";
import { modelAppSettingsSchema } from "./settings";

const settings = (fields: Record<string, unknown>) =>
  modelAppSettingsSchema.parse({ provider: { baseUrl: "embedded:model-provider" }, models: [{ id: "small" }, { id: "large", weight: 3 }], ...fields });

describe("the most one model app call can spend", () => {
  it("is unknown without max tokens", () => {
    expect(modelCallTokenBound(settings({}), { query: "你好" }, 2_000)).toBeNull();
  });

  it("is the answer's ceiling plus the prompt sent, times the costliest model's weight", () => {
    // System prompt 4 + 4, question 4 + 2 (你好): 14 prompt tokens.
    expect(modelCallTokenBound(settings({ maxTokens: 1_000, systemPrompt: "你是助手" }), { query: "你好" }, 2_000)).toBe((1_000 + 14) * 3);
    // /v1: the whole conversation comes with the call.
    expect(modelCallTokenBound(settings({ maxTokens: 100 }), { messages: [{ role: "user", content: "你好" }, { role: "assistant", content: "您好" }] }, 2_000)).toBe((100 + 4 + 6 + 6) * 3);
  });

  it("counts /v1's text parts, tool calls, tool results, images and tool definitions too", () => {
    const tools = [{ type: "function", function: { name: "get_weather" } }];
    const bound = modelCallTokenBound(
      settings({ maxTokens: 100 }),
      {
        messages: [
          { role: "user", content: [{ type: "text", text: "你好" }, { type: "image_url", image_url: { url: "https://example.com/a.png" } }] },
          { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "get_weather", arguments: "你好" } }] },
          { role: "tool", tool_call_id: "c", content: "你好" },
        ],
        tools,
      },
      2_000,
    );
    // The (empty) system prompt 4, three turns of 4 + 2 tokens, one image's allowance, the tool definitions.
    expect(bound).toBe((100 + 4 + 3 * 6 + 1_000 + countTokens(JSON.stringify(tools))) * 3);
  });

  it("adds the history allowance to a follow-up in a stored conversation", () => {
    expect(modelCallTokenBound(settings({ maxTokens: 100 }), { query: "继续", conversation_id: "c1" }, 500)).toBe((100 + 4 + 6 + 500) * 3);
  });
});
