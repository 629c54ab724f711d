import type { DifyStreamEvent } from "@/features/ai-runtime";
import { isKnownDifyEvent, unhandledDifyEvent } from "@/features/dify-events";
import { agentStepFrom, stepsFromHistory, upsertStep } from "./agent-steps";
import { applyWorkflowEventToChat, failedNodeTitle, settleChatWorkflow } from "./chat-workflow";
import { citationsFrom } from "./citations";
import type { Exchange, HistoryMessage } from "./types";

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/** What one SSE event of `chat-messages` does to the exchange being answered (reference §6.4). */
export function applyChatEvent(exchange: Exchange, event: DifyStreamEvent, now = Date.now()): Exchange {
  const ids = {
    taskId: str(event.task_id) ?? exchange.taskId,
    messageId: str(event.message_id) ?? (event.event === "message" || event.event === "message_end" || event.event === "agent_message" ? str(event.id) : undefined) ?? exchange.messageId,
  };
  // Events of a newer Dify: only their ids.
  if (!isKnownDifyEvent(event)) return { ...exchange, ...ids };
  switch (event.event) {
    // Chatflow apps: the workflow's own events (chat-workflow.ts).
    case "workflow_started":
    case "node_started":
    case "node_finished":
    case "node_retry":
    case "workflow_finished":
      return { ...exchange, ...ids, workflow: applyWorkflowEventToChat(exchange.workflow, event, now) };
    case "message":
    case "agent_message":
      return { ...exchange, ...ids, answer: exchange.answer + (event.answer ?? "") };
    case "message_replace":
      return {
        ...exchange,
        ...ids,
        answer: event.answer ?? exchange.answer,
        ...(event.reason === "output_moderation" ? { moderated: true } : {}),
      };
    case "message_end": {
      const citations = citationsFrom(event.metadata?.retriever_resources);
      return { ...exchange, ...ids, ...(citations ? { citations } : {}) };
    }
    case "agent_thought": {
      const step = agentStepFrom(event);
      return step ? { ...exchange, ...ids, agentSteps: upsertStep(exchange.agentSteps, step) } : { ...exchange, ...ids };
    }
    case "message_file": {
      // Files the assistant produced (e.g. a generated image) join the answer as markdown.
      const url = str(event.url);
      if (!url || event.belongs_to === "user") return { ...exchange, ...ids };
      const link = event.type === "image" ? `![图片](${url})` : `[下载文件](${url})`;
      return { ...exchange, ...ids, answer: `${exchange.answer}${exchange.answer ? "\n\n" : ""}${link}\n\n` };
    }
    case "error": {
      // After a failed chatflow run Dify's error text is the engine's; say in Chinese which node failed.
      const failedNode = exchange.workflow?.status === "failed" ? failedNodeTitle(exchange.workflow) : undefined;
      const message = exchange.workflow?.status === "failed" ? `工作流运行失败${failedNode ? `：「${failedNode}」节点出错` : ""}，请重试` : (str(event.message) ?? "回答失败，请重试");
      const workflow = settleChatWorkflow(exchange.workflow, "failed", now);
      return { ...exchange, status: "error", error: { message, statusCode: event.status ?? 0 }, ...(workflow ? { workflow } : {}) };
    }
    // Progress the answer does not show (nodes inside iterations and loops), reasoning of a chatflow's
    // LLM node (its text arrives in `message`), workflow-app text, audio and keep-alives.
    case "iteration_started":
    case "iteration_next":
    case "iteration_completed":
    case "loop_started":
    case "loop_next":
    case "loop_completed":
    case "reasoning_chunk":
    case "text_chunk":
    case "tts_message":
    case "tts_message_end":
    case "ping":
      return { ...exchange, ...ids };
    default:
      return unhandledDifyEvent(event);
  }
}

/** A stored message (`GET messages`) as an exchange of the message list. */
export function exchangeFromHistory(message: HistoryMessage): Exchange {
  const files = (message.message_files ?? [])
    .filter((file) => file.belongs_to !== "assistant")
    .map((file) => ({ id: file.id, name: file.filename ?? "文件", type: file.type ?? "custom", url: file.url }));
  const failed = message.status === "error";
  return {
    key: message.id,
    messageId: message.id,
    parentMessageId: message.parent_message_id,
    query: message.query,
    files,
    fileRefs: [],
    answer: message.answer ?? "",
    status: failed ? "error" : "done",
    error: failed ? { message: message.error ? `回答失败：${message.error}` : "回答失败，请重试", statusCode: 0 } : undefined,
    feedback: message.feedback?.rating ?? null,
    agentSteps: stepsFromHistory(message.agent_thoughts),
    citations: citationsFrom(message.retriever_resources),
  };
}

/** The exchange once its stream ended: a chatflow run still marked running gets an outcome. */
export function withSettledWorkflow(exchange: Exchange, status: "stopped" | "failed", now = Date.now()): Exchange {
  return exchange.workflow ? { ...exchange, workflow: settleChatWorkflow(exchange.workflow, status, now) } : exchange;
}
