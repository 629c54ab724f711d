import { randomUUID } from "node:crypto";
import { agentPlanFor, answerThought, thoughtOf, type AgentPlan, type AgentThought } from "./agent";
import { buildAnswer, chunkAnswer, conversationNameFor, usageFor } from "./answer";
import { ChatflowRun, NODE_FAILURE_MESSAGE } from "./chatflow";
import { knowledgeAnswer, retrieverResourcesFor } from "./citations";
import { nowSeconds, type DemoContext, type DemoDeps } from "./context";
import { difyError } from "./errors";
import { inputModerationReply, outputModerationReply } from "./moderation";
import { sseResponse, type SseWriter } from "./sse";
import { finishMessage, insertMessage, touchConversation, type Owner } from "./store";
import { triggersIn } from "./triggers";

export interface MessageRun {
  mode: "chat" | "completion";
  owner: Owner;
  /** The text the answer is derived from (chat: query; completion: inputs.query). */
  query: string;
  /** Everything counted as prompt tokens. */
  prompt: string;
  inputs: Record<string, unknown>;
  files: unknown[];
  streaming: boolean;
  /** Chat only. */
  conversation?: { id: string; rename: boolean };
  /** Chat only: the message this one follows (null: a thread's root). */
  parentMessageId?: string | null;
  /** Chat only: the thread's previous question (a follow-up like 「再说一点」 is answered about it). */
  previousQuery?: string;
}

/** Number of chunks sent before the `#错误事件` / `#中断` triggers fire. */
const CHUNKS_BEFORE_FAILURE = 3;

/** Answers one chat or completion message, blocking or streaming, and stores it. */
export async function answerMessage(c: DemoContext, deps: DemoDeps, run: MessageRun): Promise<Response> {
  const triggers = triggersIn(run.query);
  if (triggers.has("http500")) return difyError(c, 500, "internal_server_error", "The server encountered an internal error and was unable to complete your request.");
  if (triggers.has("http429")) return difyError(c, 429, "too_many_requests", `Too many requests. Please try again later. The current maximum concurrent requests allowed for ${c.get("app").id} is 5.`);

  const started = Date.now();
  const messageId = randomUUID();
  const taskId = randomUUID();
  const createdAt = nowSeconds();
  const conversationId = run.conversation?.id ?? null;
  await insertMessage(deps.db, run.owner, { id: messageId, conversationId, parentMessageId: run.parentMessageId ?? null, query: run.query, inputs: run.inputs, files: run.files });
  const app = c.get("app");
  // A question the app's moderation flags is answered with its preset, like any answer (no tools, no citations).
  const moderatedReply = inputModerationReply(app, run.query);
  const resources = run.mode === "chat" && app.citations && !moderatedReply ? retrieverResourcesFor(run.query) : [];
  const plan: AgentPlan | null = app.difyMode === "agent-chat" && !moderatedReply ? agentPlanFor(run.query) : null;
  const answer =
    moderatedReply ??
    (run.mode === "completion"
      ? buildAnswer({ mode: "completion", query: run.query, inputs: run.inputs })
      : (plan?.answer ?? (resources.length ? knowledgeAnswer(resources) : buildAnswer({ mode: "chat", query: run.query, previousQuery: run.previousQuery }))));
  // Agent steps as `GET /messages` returns them, updated as the stream sends them.
  const thoughts = new Map<string, AgentThought>();
  const storedThoughts = () => [...thoughts.values()].map((thought) => ({ ...thought, chain_id: null, message_id: messageId, files: [] }));
  const metadataOf = (usage: ReturnType<typeof usageFor>) => ({ usage, ...(resources.length ? { retriever_resources: resources } : {}) });

  const finish = async (text: string, failure?: string) => {
    const usage = usageFor(run.prompt, text, (Date.now() - started) / 1000);
    await finishMessage(deps.db, messageId, {
      answer: text,
      status: failure ? "error" : "normal",
      error: failure,
      messageTokens: usage.prompt_tokens,
      answerTokens: usage.completion_tokens,
      agentThoughts: storedThoughts(),
      // Like Dify, citations are kept only for an answer that completed.
      retrieverResources: failure || text !== answer ? [] : resources,
    });
    if (run.conversation) await touchConversation(deps.db, run.conversation.id, run.conversation.rename ? conversationNameFor(run.query) : undefined);
    return usage;
  };
  const ids = { task_id: taskId, id: messageId, message_id: messageId, ...(conversationId ? { conversation_id: conversationId } : {}) };

  if (!run.streaming) {
    if (triggers.has("errorEvent")) {
      await finish("", "演示应用按 #错误事件 触发的模型调用失败");
      return difyError(c, 400, "completion_request_error", "[demo] Model invocation failed (#错误事件).");
    }
    if (plan) for (const thought of planThoughts(plan, createdAt)) thoughts.set(thought.id, thought);
    const text = outputModerationReply(app, answer) ?? answer;
    const usage = await finish(text);
    return c.json({ event: "message", ...ids, mode: app.difyMode ?? run.mode, answer: text, metadata: metadataOf(usage), created_at: createdAt });
  }
  const sendThought = (writer: SseWriter, thought: AgentThought) => {
    thoughts.set(thought.id, thought);
    writer.send({ event: "agent_thought", ...ids, ...thought, message_files: [] });
  };

  return sseResponse(deps.timing, async (writer) => {
    let sent = "";
    let replaced = false;
    // A chatflow wraps the answer in its workflow's events (chatflow.ts); the message ids stay on every event.
    const flow =
      app.difyMode === "advanced-chat"
        ? new ChatflowRun({ writer, ids: { task_id: taskId, message_id: messageId, conversation_id: conversationId ?? "" }, user: run.owner.user, query: run.query, inputs: run.inputs, resources })
        : null;
    if (flow) await flow.open(() => writer.pace());
    if (triggers.has("slow")) await writer.idle(deps.slowGapMs);
    // An agent's tool rounds: each thought is sent when its tool is called and again with the observation.
    for (const [index, step] of (plan?.steps ?? []).entries()) {
      const id = randomUUID();
      for (const observed of [false, true]) {
        if (writer.closed || deps.flags.isStopped(taskId)) break;
        sendThought(writer, thoughtOf(step, id, index + 1, createdAt, observed));
        await writer.pace();
      }
    }
    const chunks = chunkAnswer(answer, deps.chunkChars);
    for (const [index, chunk] of chunks.entries()) {
      if (writer.closed || deps.flags.isStopped(taskId)) break;
      if (index === CHUNKS_BEFORE_FAILURE && triggers.has("errorEvent")) {
        await finish(sent, "演示应用按 #错误事件 触发的模型调用失败");
        writer.send({ event: "error", ...ids, status: 400, code: "completion_request_error", message: "[demo] Model invocation failed (#错误事件)." });
        return;
      }
      if (index === CHUNKS_BEFORE_FAILURE && flow && triggers.has("nodeFailure")) {
        // A failed chatflow: the node and the run fail, then an `error` and no message_end (reference §6.3).
        await finish(sent, "演示应用按 #节点失败 触发的节点失败");
        flow.close("failed", sent, run.prompt);
        writer.send({ event: "error", ...ids, workflow_run_id: flow.runId, status: 500, code: "internal_server_error", message: NODE_FAILURE_MESSAGE });
        return;
      }
      if (index === CHUNKS_BEFORE_FAILURE && triggers.has("cut")) {
        await finish(sent);
        return; // the stream just ends: no message_end
      }
      // Output moderation: the answer so far is replaced by the preset and the rest is never sent.
      const outputReply = outputModerationReply(app, sent + chunk);
      if (outputReply !== undefined) {
        writer.send({ event: "message_replace", ...ids, answer: outputReply, reason: "output_moderation", created_at: createdAt });
        sent = outputReply;
        replaced = true;
        break;
      }
      writer.send({ event: plan ? "agent_message" : "message", ...ids, answer: chunk, created_at: createdAt, ...(flow ? { from_variable_selector: ["llm", "text"] } : {}) });
      sent += chunk;
      await writer.pace();
    }
    const complete = replaced || sent === answer;
    // The agent's last round records the answer as its thought.
    if (plan && complete) sendThought(writer, answerThought(answer, randomUUID(), plan.steps.length + 1, createdAt));
    // After a stop (or a disconnect) Dify still ends with message_end, usage estimated from the partial text.
    const usage = await finish(sent);
    flow?.close(complete ? "succeeded" : "stopped", sent, run.prompt);
    writer.send({ event: "message_end", ...ids, metadata: complete ? metadataOf(usage) : { usage }, files: [] });
  });
}

/** Every thought of a finished agent answer (blocking mode: nothing streams, the history has them all). */
function planThoughts(plan: AgentPlan, createdAt: number): AgentThought[] {
  return [
    ...plan.steps.map((step, index) => thoughtOf(step, randomUUID(), index + 1, createdAt, true)),
    answerThought(plan.answer, randomUUID(), plan.steps.length + 1, createdAt),
  ];
}
