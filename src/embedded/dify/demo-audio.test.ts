import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHAT_KEY, DEMO_CHATFLOW_KEY, DEMO_TRANSCRIPT, DEMO_WORKFLOW_KEY } from "./index";
import { startDemoServer, type DemoServerHarness } from "./testing";
import { speechSeconds } from "./wav";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on open JSON

let demo: DemoServerHarness;
beforeAll(async () => {
  demo = await startDemoServer({ paceMs: 0 });
});
afterAll(() => demo.close());

function transcribe(key: string, file: File | null, user = "speaker"): Promise<Response> {
  const form = new FormData();
  if (file) form.append("file", file);
  form.append("user", user);
  return Promise.resolve(demo.server.request("/audio-to-text", { method: "POST", headers: { Authorization: `Bearer ${key}` }, body: form }));
}

const recording = (type = "audio/webm", size = 2000) => new File([new Uint8Array(size)], "recording.webm", { type });

/** The fields of a WAV header (RIFF, fmt, data). */
function wavHeader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (offset: number) => String.fromCharCode(...bytes.slice(offset, offset + 4));
  return {
    riff: ascii(0),
    riffSize: view.getUint32(4, true),
    wave: ascii(8),
    fmt: ascii(12),
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    bits: view.getUint16(34, true),
    data: ascii(36),
    dataSize: view.getUint32(40, true),
  };
}

describe("demo Dify audio (reference §5.4)", () => {
  it("publishes speech_to_text and text_to_speech for the chat apps only", async () => {
    const chat = (await (await demo.call(DEMO_CHAT_KEY, "GET", "/parameters")).json()) as Json;
    expect(chat.speech_to_text).toEqual({ enabled: true });
    expect(chat.text_to_speech).toMatchObject({ enabled: true, language: "zh-Hans", autoPlay: "disabled" });
    expect(typeof chat.text_to_speech.voice).toBe("string");
    const workflow = (await (await demo.call(DEMO_WORKFLOW_KEY, "GET", "/parameters")).json()) as Json;
    expect(workflow.speech_to_text.enabled).toBe(false);
    expect(workflow.text_to_speech.enabled).toBe(false);
  });

  it("answers the fixed transcript for any valid recording", async () => {
    for (const type of ["audio/webm", "audio/wav", "audio/mp3", "audio/m4a"]) {
      const response = await transcribe(DEMO_CHATFLOW_KEY, recording(type));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ text: DEMO_TRANSCRIPT });
    }
  });

  it("refuses a missing, empty, wrong-type or too large recording with Dify's codes", async () => {
    expect(await (await transcribe(DEMO_CHAT_KEY, null)).json()).toMatchObject({ status: 400, code: "no_audio_uploaded" });
    expect(await (await transcribe(DEMO_CHAT_KEY, recording("audio/webm", 0))).json()).toMatchObject({ status: 400, code: "no_audio_uploaded" });
    // Codec-suffixed types are refused, as Dify compares the type exactly (the proxy normalises them).
    const suffixed = await transcribe(DEMO_CHAT_KEY, recording("audio/webm;codecs=opus"));
    expect(suffixed.status).toBe(415);
    expect(await suffixed.json()).toMatchObject({ code: "unsupported_audio_type" });
    expect((await transcribe(DEMO_CHAT_KEY, new File(["hi"], "a.txt", { type: "text/plain" }))).status).toBe(415);
    const large = await transcribe(DEMO_CHAT_KEY, recording("audio/wav", 30 * 1024 * 1024 + 1));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ code: "audio_too_large" });
  });

  it("refuses both directions on an app without the features", async () => {
    expect(await (await transcribe(DEMO_WORKFLOW_KEY, recording())).json()).toMatchObject({ status: 400, code: "speech_to_text_disabled" });
    const speech = await demo.call(DEMO_WORKFLOW_KEY, "POST", "/text-to-audio", { text: "你好", user: "u" });
    expect(await speech.json()).toMatchObject({ status: 400, code: "invalid_param", message: "TTS is not enabled" });
  });

  it("reads text aloud as a valid 16-bit mono WAV whose length grows with the text", async () => {
    const short = await demo.call(DEMO_CHAT_KEY, "POST", "/text-to-audio", { text: "你好", user: "reader" });
    expect(short.status).toBe(200);
    expect(short.headers.get("content-type")).toBe("audio/wav");
    const bytes = new Uint8Array(await short.arrayBuffer());
    const header = wavHeader(bytes);
    expect(header).toMatchObject({ riff: "RIFF", wave: "WAVE", fmt: "fmt ", format: 1, channels: 1, bits: 16, data: "data" });
    expect(header.byteRate).toBe(header.sampleRate * 2);
    expect(header.riffSize).toBe(bytes.length - 8);
    expect(header.dataSize).toBe(bytes.length - 44);
    expect(header.dataSize / 2 / header.sampleRate).toBeCloseTo(speechSeconds("你好"), 2);
    const long = await demo.call(DEMO_CHAT_KEY, "POST", "/text-to-audio", { text: "思维火花".repeat(10), user: "reader" });
    expect((await long.arrayBuffer()).byteLength).toBeGreaterThan(bytes.length);
    expect(await (await demo.call(DEMO_CHAT_KEY, "POST", "/text-to-audio", { text: " ", user: "reader" })).json()).toMatchObject({ status: 400, code: "invalid_param" });
  });

  it("reads a message by id — the end user's own only — and lets message_id win over text", async () => {
    const asked = await demo.call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query: "你好", inputs: {}, user: "owner", response_mode: "blocking" });
    const { message_id: messageId, answer } = (await asked.json()) as Json;
    const own = await demo.call(DEMO_CHAT_KEY, "POST", "/text-to-audio", { message_id: messageId, text: "短", user: "owner" });
    expect(own.status).toBe(200);
    const seconds = wavHeader(new Uint8Array(await own.arrayBuffer())).dataSize / 2 / 16_000;
    expect(seconds).toBeCloseTo(speechSeconds(answer as string), 2);
    const foreign = await demo.call(DEMO_CHAT_KEY, "POST", "/text-to-audio", { message_id: messageId, text: "短", user: "intruder" });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "not_found", message: "Message Not Exists." });
    const unknown = await demo.call(DEMO_CHAT_KEY, "POST", "/text-to-audio", { message_id: "not-a-uuid", user: "owner" });
    expect(unknown.status).toBe(404);
  });
});
