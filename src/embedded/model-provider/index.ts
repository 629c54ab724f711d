import { Hono, type Context } from "hono";
import { z } from "@/lib/zod";
import { chunkAnswer } from "../dify/answer";
import { subjectOf } from "../dify/demo-writer";
import { questionFollowedUp } from "../dify/follow-up";
import { DEMO_PROVIDER_MODELS, demoUsage, describeImage, writeDemoCompletion, type DemoCompletion, type DemoProviderModelId } from "./answers";
import { demoEmbedding, demoEmbeddingUsage, DEMO_PROVIDER_EMBEDDING_MODELS, embeddingBase64 } from "./embeddings";
import { answerFromToolResults, demoToolCalls, type DemoToolCall } from "./tools";

export { DEMO_PROVIDER_MODELS, writeDemoCompletion, type DemoProviderModelId } from "./answers";
export { DEMO_PROVIDER_EMBEDDING_MODELS, demoEmbedding } from "./embeddings";

/** The key the demo model app sends; the demo provider accepts only this one (like a real provider). */
export const DEMO_PROVIDER_KEY = "sk-spark-demo-provider";

export interface DemoModelProviderOptions {
  /** Delay between streamed chunks (default 25 ms). */
  paceMs?: number;
}

const toolCallSchema = z.looseObject({ id: z.string(), type: z.literal("function"), function: z.looseObject({ name: z.string(), arguments: z.string() }) });
const messageSchema = z.looseObject({
  role: z.enum(["system", "user", "assistant", "developer", "tool"]),
  // Text, or the parts of a vision message (text and image_url parts).
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional(), image_url: z.looseObject({ url: z.string() }).optional() })), z.null()]).optional(),
  tool_calls: z.array(toolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});
const toolSchema = z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string().min(1), parameters: z.record(z.string(), z.unknown()).optional() }) });
const requestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  tools: z.array(toolSchema).optional(),
  tool_choice: z.union([z.enum(["none", "auto", "required"]), z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string() }) })]).optional(),
  parallel_tool_calls: z.boolean().optional(),
});
type DemoMessage = z.infer<typeof messageSchema>;
const embeddingsSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string()).min(1)]),
  encoding_format: z.enum(["float", "base64"]).optional(),
  dimensions: z.number().int().min(1).max(2048).optional(),
});

function openAiError(c: Context, status: 400 | 401 | 404, message: string, type: string, code: string | null) {
  return c.json({ error: { message, type, param: null, code } }, status);
}

function textOf(content: DemoMessage["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

function chunkJson(id: string, created: number, model: string, delta: Record<string, unknown>, finishReason: string | null = null) {
  return JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
}

function streamCompletion(signal: AbortSignal, id: string, model: string, completion: DemoCompletion, calls: DemoToolCall[], usage: object | null, paceMs: number): Response {
  const created = Math.floor(Date.now() / 1000);
  // Tool calls stream as OpenAI's do: the role with the first call's id and name, then its arguments
  // in pieces, then the next call's header; the last chunk says `tool_calls`.
  const callFrames = calls.flatMap((call, index) => [
    chunkJson(id, created, model, { ...(index === 0 ? { role: "assistant", content: null } : {}), tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }] }),
    ...chunkAnswer(call.function.arguments, 16).map((piece) => chunkJson(id, created, model, { tool_calls: [{ index, function: { arguments: piece } }] })),
  ]);
  const frames = [
    ...(calls.length > 0 ? callFrames : [chunkJson(id, created, model, { role: "assistant", content: "" })]),
    ...chunkAnswer(completion.reasoning, 16).map((part) => chunkJson(id, created, model, { reasoning_content: part })),
    ...chunkAnswer(completion.content, 12).map((part) => chunkJson(id, created, model, { content: part })),
    chunkJson(id, created, model, {}, calls.length > 0 ? "tool_calls" : "stop"),
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

/** The results of the tool calls the last assistant turn made, when they are the conversation's end. */
function toolResultsAtEnd(messages: DemoMessage[]): { name: string; content: string }[] {
  const results: DemoMessage[] = [];
  let index = messages.length - 1;
  for (; index >= 0 && messages[index]!.role === "tool"; index -= 1) results.unshift(messages[index]!);
  const calls = messages[index]?.role === "assistant" ? (messages[index]!.tool_calls ?? []) : [];
  return results.map((result) => ({ name: calls.find((call) => call.id === result.tool_call_id)?.function.name ?? "工具", content: textOf(result.content) }));
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
  app.get("/models", (c) =>
    c.json({ object: "list", data: [...DEMO_PROVIDER_MODELS, ...DEMO_PROVIDER_EMBEDDING_MODELS].map((model) => ({ id: model.id, object: "model", created: 0, owned_by: "spark-demo" })) }),
  );
  app.post("/embeddings", async (c) => {
    const parsed = embeddingsSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return openAiError(c, 400, "Invalid request body.", "invalid_request_error", null);
    const model = DEMO_PROVIDER_EMBEDDING_MODELS.find((candidate) => candidate.id === parsed.data.model);
    if (!model) return openAiError(c, 404, `The model \`${parsed.data.model}\` does not exist.`, "invalid_request_error", "model_not_found");
    const inputs = typeof parsed.data.input === "string" ? [parsed.data.input] : parsed.data.input;
    const dimensions = parsed.data.dimensions ?? model.dimensions;
    const data = inputs.map((input, index) => {
      const vector = demoEmbedding(input, dimensions);
      return { object: "embedding", index, embedding: parsed.data.encoding_format === "base64" ? embeddingBase64(vector) : vector };
    });
    return c.json({ object: "list", data, model: model.id, usage: demoEmbeddingUsage(inputs) });
  });
  app.post("/chat/completions", async (c) => {
    const parsed = requestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return openAiError(c, 400, "Invalid request body.", "invalid_request_error", null);
    const model = DEMO_PROVIDER_MODELS.find((candidate) => candidate.id === parsed.data.model);
    if (!model) return openAiError(c, 404, `The model \`${parsed.data.model}\` does not exist.`, "invalid_request_error", "model_not_found");
    const request = parsed.data;
    const messages = request.messages.map((message) => ({ role: message.role, content: textOf(message.content) }));
    const userTurns = messages.filter((message) => message.role === "user");
    const question = userTurns.at(-1)?.content ?? "";
    const lastUser = request.messages.filter((message) => message.role === "user").at(-1)?.content;
    const images = Array.isArray(lastUser) ? lastUser.flatMap((part) => (part.type === "image_url" && part.image_url ? [part.image_url.url] : [])) : [];
    if (images.length > 0 && !model.sees) return openAiError(c, 400, "Invalid content type. image_url is only supported by certain models.", "invalid_request_error", null);
    const results = toolResultsAtEnd(request.messages);
    const calls = results.length > 0 ? [] : demoToolCalls(question, request.tools ?? [], request.tool_choice, request.parallel_tool_calls !== false);
    // Asked for a title (the model server's auto-naming): the subject alone, as a model would.
    const wantsTitle = messages.some((message) => message.role === "system" && message.content.includes("标题"));
    const previousQuestion = questionFollowedUp(userTurns.slice(0, -1).map((turn) => turn.content));
    const completion: DemoCompletion =
      calls.length > 0
        ? { reasoning: "", content: "" }
        : results.length > 0
          ? { reasoning: "", content: answerFromToolResults(results) }
          : wantsTitle
            ? { reasoning: "", content: subjectOf(question) }
            : writeDemoCompletion(model.id as DemoProviderModelId, question, userTurns.length, images.map(describeImage), previousQuestion);
    const usage = demoUsage(request, completion, calls);
    const id = `chatcmpl-${crypto.randomUUID()}`;
    if (request.stream) {
      return streamCompletion(c.req.raw.signal, id, model.id, completion, calls, request.stream_options?.include_usage ? usage : null, paceMs);
    }
    const message = {
      role: "assistant",
      content: calls.length > 0 ? null : completion.content,
      ...(completion.reasoning ? { reasoning_content: completion.reasoning } : {}),
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
    };
    return c.json({ id, object: "chat.completion", created: Math.floor(Date.now() / 1000), model: model.id, choices: [{ index: 0, message, finish_reason: calls.length > 0 ? "tool_calls" : "stop" }], usage });
  });
  app.notFound((c) => openAiError(c, 404, "Not found.", "invalid_request_error", null));
  return app;
}
