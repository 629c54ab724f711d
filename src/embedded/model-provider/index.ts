import { Hono, type Context } from "hono";
import { z } from "@/lib/zod";
import { chunkAnswer } from "../dify/answer";
import { subjectOf } from "../dify/demo-writer";
import { questionFollowedUp } from "../dify/follow-up";
import { DEMO_PROVIDER_MODELS, demoUsage, writeDemoCompletion, type DemoCompletion, type DemoProviderModelId } from "./answers";

export { DEMO_PROVIDER_MODELS, writeDemoCompletion, type DemoProviderModelId } from "./answers";

/** The key the demo model app sends; the demo provider accepts only this one (like a real provider). */
export const DEMO_PROVIDER_KEY = "sk-spark-demo-provider";

export interface DemoModelProviderOptions {
  /** Delay between streamed chunks (default 25 ms). */
  paceMs?: number;
}

const messageSchema = z.looseObject({
  role: z.enum(["system", "user", "assistant", "developer", "tool"]),
  // Text, or the parts of a vision message (only the text parts are read here).
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() })), z.null()]),
});
const requestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
});

function openAiError(c: Context, status: 400 | 401 | 404, message: string, type: string, code: string | null) {
  return c.json({ error: { message, type, param: null, code } }, status);
}

function textOf(content: z.infer<typeof messageSchema>["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

function chunkJson(id: string, created: number, model: string, delta: Record<string, unknown>, finishReason: string | null = null) {
  return JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
}

function streamCompletion(signal: AbortSignal, id: string, model: string, completion: DemoCompletion, usage: object | null, paceMs: number): Response {
  const created = Math.floor(Date.now() / 1000);
  const frames = [
    chunkJson(id, created, model, { role: "assistant", content: "" }),
    ...chunkAnswer(completion.reasoning, 16).map((part) => chunkJson(id, created, model, { reasoning_content: part })),
    ...chunkAnswer(completion.content, 12).map((part) => chunkJson(id, created, model, { content: part })),
    chunkJson(id, created, model, {}, "stop"),
    ...(usage ? [JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })] : []),
    "[DONE]",
  ];
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (signal.aborted || index >= frames.length) return controller.close();
      if (index > 0 && paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
      controller.enqueue(encoder.encode(`data: ${frames[index]}\n\n`));
      index += 1;
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" } });
}

/**
 * An OpenAI-compatible chat-completions server for the demo model app (`demo-model`): in-process,
 * deterministic, streamed, with usage figures and the reasoner's `reasoning_content`. Routes are
 * relative to the base URL (`/chat/completions`, `/models`), as on any OpenAI-compatible provider.
 */
export function createDemoModelProvider(options: DemoModelProviderOptions = {}): Hono {
  const paceMs = options.paceMs ?? 25;
  const app = new Hono();
  app.use("*", async (c, next) => {
    if (c.req.header("authorization") !== `Bearer ${DEMO_PROVIDER_KEY}`) {
      return openAiError(c, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    }
    await next();
  });
  app.get("/models", (c) => c.json({ object: "list", data: DEMO_PROVIDER_MODELS.map((model) => ({ id: model.id, object: "model", created: 0, owned_by: "spark-demo" })) }));
  app.post("/chat/completions", async (c) => {
    const parsed = requestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return openAiError(c, 400, "Invalid request body.", "invalid_request_error", null);
    const model = DEMO_PROVIDER_MODELS.find((candidate) => candidate.id === parsed.data.model);
    if (!model) return openAiError(c, 404, `The model \`${parsed.data.model}\` does not exist.`, "invalid_request_error", "model_not_found");
    const messages = parsed.data.messages.map((message) => ({ role: message.role, content: textOf(message.content) }));
    const userTurns = messages.filter((message) => message.role === "user");
    const question = userTurns.at(-1)?.content ?? "";
    const lastUser = parsed.data.messages.filter((message) => message.role === "user").at(-1)?.content;
    const images = Array.isArray(lastUser) ? lastUser.filter((part) => part.type === "image_url").length : 0;
    // Asked for a title (the model server's auto-naming): the subject alone, as a model would.
    const wantsTitle = messages.some((message) => message.role === "system" && message.content.includes("标题"));
    const completion = wantsTitle ? { reasoning: "", content: subjectOf(question) } : writeDemoCompletion(model.id as DemoProviderModelId, question, userTurns.length, images, questionFollowedUp(userTurns.slice(0, -1).map((turn) => turn.content)));
    const usage = demoUsage(messages, completion);
    const id = `chatcmpl-${crypto.randomUUID()}`;
    if (parsed.data.stream) {
      return streamCompletion(c.req.raw.signal, id, model.id, completion, parsed.data.stream_options?.include_usage ? usage : null, paceMs);
    }
    const message = { role: "assistant", content: completion.content, ...(completion.reasoning ? { reasoning_content: completion.reasoning } : {}) };
    return c.json({ id, object: "chat.completion", created: Math.floor(Date.now() / 1000), model: model.id, choices: [{ index: 0, message, finish_reason: "stop" }], usage });
  });
  app.notFound((c) => openAiError(c, 404, "Not found.", "invalid_request_error", null));
  return app;
}
