import { z } from "@/lib/zod";

/**
 * The Dify SSE events the site understands (reference §6.4, §6.5), one zod schema each. This is the one
 * place to add an event: the union below grows, and every reducer's exhaustive switch stops compiling
 * until it says what the new event does.
 *
 * Every field is lenient: a field of the wrong type reads as absent rather than failing the event, which
 * is how the reducers have always treated Dify's open objects. Objects stay loose: newer fields pass through.
 */

/** A field that is its type or absent; anything else is dropped to absent. */
const maybe = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = maybe(z.string());
const count = maybe(z.number());
const json = maybe(z.record(z.string(), z.unknown()));

/** Ids that chat, completion and workflow events carry (reference §6.2). */
const common = {
  task_id: text,
  message_id: text,
  conversation_id: text,
  workflow_run_id: text,
  id: text,
};

const event = <Name extends string, Shape extends z.ZodRawShape>(name: Name, shape: Shape) => z.looseObject({ event: z.literal(name), ...common, ...shape });

/** `data` of a node event; `iteration_id` / `loop_id` are read for their presence only. */
const nodeData = maybe(
  z.looseObject({
    id: text,
    node_id: text,
    node_type: text,
    title: text,
    status: text,
    error: text,
    elapsed_time: count,
    iteration_id: z.unknown().optional(),
    loop_id: z.unknown().optional(),
  }),
);
const workflowData = maybe(z.looseObject({ status: text, outputs: json, error: text, elapsed_time: count, total_tokens: count }));
/** Iteration and loop progress: the iteration node itself stands for its rounds, so only its ids are read. */
const progressData = maybe(z.looseObject({ id: text, node_id: text }));
const usage = maybe(z.looseObject({ prompt_tokens: count, completion_tokens: count, total_tokens: count }));

export const DIFY_EVENT_SCHEMAS = {
  message: event("message", { answer: text }),
  agent_message: event("agent_message", { answer: text }),
  agent_thought: event("agent_thought", {
    position: count,
    thought: text,
    observation: text,
    tool: text,
    tool_input: text,
    tool_labels: z.unknown().optional(),
  }),
  message_file: event("message_file", { type: text, belongs_to: text, url: text }),
  message_end: event("message_end", { metadata: maybe(z.looseObject({ usage, retriever_resources: z.unknown().optional() })) }),
  message_replace: event("message_replace", { answer: text, reason: text }),
  workflow_started: event("workflow_started", { data: maybe(z.looseObject({ id: text })) }),
  node_started: event("node_started", { data: nodeData }),
  node_finished: event("node_finished", { data: nodeData }),
  node_retry: event("node_retry", { data: nodeData }),
  iteration_started: event("iteration_started", { data: progressData }),
  iteration_next: event("iteration_next", { data: progressData }),
  iteration_completed: event("iteration_completed", { data: progressData }),
  loop_started: event("loop_started", { data: progressData }),
  loop_next: event("loop_next", { data: progressData }),
  loop_completed: event("loop_completed", { data: progressData }),
  text_chunk: event("text_chunk", { data: maybe(z.looseObject({ text: text })) }),
  reasoning_chunk: event("reasoning_chunk", { data: maybe(z.looseObject({ reasoning: text })) }),
  workflow_finished: event("workflow_finished", { data: workflowData }),
  tts_message: event("tts_message", { audio: text }),
  tts_message_end: event("tts_message_end", { audio: text }),
  error: event("error", { status: count, code: text, message: text }),
  ping: event("ping", {}),
};

export type DifyEventName = keyof typeof DIFY_EVENT_SCHEMAS;

/** An event of a name the site understands, its fields typed. */
export type KnownDifyEvent = { [Name in DifyEventName]: z.infer<(typeof DIFY_EVENT_SCHEMAS)[Name]> }[DifyEventName];

/** An event of any other name, passed along as Dify sent it (the reducers read at most its ids). */
export interface UnknownDifyEvent {
  event: string;
  [field: string]: unknown;
}

/** One parsed SSE event: Dify puts the event's name in the JSON `event` property. */
export type DifyEvent = KnownDifyEvent | UnknownDifyEvent;

/** The known event of one name. */
export type DifyEventOf<Name extends DifyEventName> = Extract<KnownDifyEvent, { event: Name }>;
