import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHAT_KEY, DEMO_CHATFLOW_KEY } from "./index";
import { DEMO_SENSITIVE_WORD } from "./demo-apps";
import { startDemoServer, type DemoServerHarness } from "./testing";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on open JSON

let demo: DemoServerHarness;

beforeAll(async () => {
  demo = await startDemoServer({ paceMs: 0 });
});
afterAll(() => demo.close());

async function stream(key: string, user: string, query: string): Promise<Json[]> {
  const response = await demo.call(key, "POST", "/chat-messages", { query, inputs: {}, user, response_mode: "streaming" });
  expect(response.status).toBe(200);
  return (await response.text())
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice(6)) as Json);
}

const answerOf = (events: Json[]) => events.filter((event) => event.event === "message").map((event) => event.answer as string).join("");

describe("keyword moderation of the demo apps (Dify's sensitive_word_avoidance)", () => {
  it("publishes each app's settings in /parameters as Dify does", async () => {
    const chat = (await (await demo.call(DEMO_CHAT_KEY, "GET", "/parameters")).json()) as Json;
    expect(chat.sensitive_word_avoidance).toMatchObject({
      enabled: true,
      type: "keywords",
      config: { inputs_config: { enabled: true, preset_response: expect.stringContaining("无法回答") }, outputs_config: { enabled: false } },
    });
    const flow = (await (await demo.call(DEMO_CHATFLOW_KEY, "GET", "/parameters")).json()) as Json;
    expect(flow.sensitive_word_avoidance.config).toMatchObject({ inputs_config: { enabled: false }, outputs_config: { enabled: true } });
  });

  it("answers a flagged question with the preset as an ordinary answer, stored as such", async () => {
    const events = await stream(DEMO_CHAT_KEY, "moderated-user", `介绍一下${DEMO_SENSITIVE_WORD}`);
    const preset = "抱歉，您的问题包含不适宜讨论的内容，火花助手无法回答。换个问题试试吧。";
    expect(answerOf(events)).toBe(preset);
    const end = events.at(-1)!;
    expect(end.event).toBe("message_end");
    expect(end.metadata.retriever_resources).toBeUndefined();
    const history = (await (await demo.call(DEMO_CHAT_KEY, "GET", `/messages?conversation_id=${end.conversation_id}&user=moderated-user`)).json()) as Json;
    expect(history.data[0].answer).toBe(preset);
  });

  it("leaves questions without the keyword alone", async () => {
    const events = await stream(DEMO_CHAT_KEY, "moderated-user", "如何写一份周报？");
    expect(answerOf(events)).toContain("周报");
    expect(events.some((event) => event.event === "message_replace")).toBe(false);
  });

  it("replaces a flagged answer mid-stream with message_replace (reason output_moderation) and stores the preset", async () => {
    const events = await stream(DEMO_CHATFLOW_KEY, "moderated-user", `介绍一下${DEMO_SENSITIVE_WORD}`);
    const replace = events.find((event) => event.event === "message_replace")!;
    expect(replace).toMatchObject({ answer: "这条回答包含不适宜展示的内容，已被隐藏。", reason: "output_moderation" });
    // Nothing containing the keyword was sent before the replacement, and nothing at all after it.
    expect(answerOf(events)).not.toContain(DEMO_SENSITIVE_WORD);
    expect(events.slice(events.indexOf(replace) + 1).some((event) => event.event === "message")).toBe(false);
    expect(events.find((event) => event.event === "workflow_finished")?.data.status).toBe("succeeded");
    const end = events.at(-1)!;
    const history = (await (await demo.call(DEMO_CHATFLOW_KEY, "GET", `/messages?conversation_id=${end.conversation_id}&user=moderated-user`)).json()) as Json;
    expect(history.data[0].answer).toBe(replace.answer);
  });
});
