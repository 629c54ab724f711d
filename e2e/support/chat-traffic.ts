/**
 * Steady chat traffic for e2e/rolling-restart.spec.ts: each signed-in user asks one question after
 * another through the balancer (SSE through the real chat route, demo Dify app), mostly short answers
 * and every few a long one, and every request's fate is recorded.
 */

/** How one chat ended: `message_end`; the restart's clean SSE `error`; anything else is a loss. */
export type ChatOutcome = "finished" | "restarting" | "lost";

export interface ChatRecord {
  user: number;
  long: boolean;
  startedAt: number;
  /** The backend that answered (the balancer's `X-Backend`), once headers came. */
  backend?: number;
  endedAt?: number;
  outcome?: ChatOutcome;
  /** Why a chat counts as lost (status, error, how the stream ended). */
  detail?: string;
}

const SHORT_QUESTION = "用 30 字介绍春天";
const LONG_QUESTION = "请写一篇 1500 字的文章，介绍长城的历史";

export interface ChatTraffic {
  records: ChatRecord[];
  /** Stops starting chats and resolves once every running one has ended. */
  stop(): Promise<void>;
}

/** One loop per cookie (the free plan allows two calls at once: one running plus one being released). */
export function startChatTraffic(origin: string, cookies: string[], { longEvery = 3, pauseMs = 150 } = {}): ChatTraffic {
  const records: ChatRecord[] = [];
  let running = true;
  const loops = cookies.map(async (cookie, user) => {
    for (let turn = 0; running; turn++) {
      const record: ChatRecord = { user, long: turn % longEvery === longEvery - 1, startedAt: Date.now() };
      records.push(record);
      Object.assign(record, await chatOnce(origin, cookie, record), { endedAt: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  });
  return {
    records,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function chatOnce(origin: string, cookie: string, record: ChatRecord): Promise<Pick<ChatRecord, "outcome" | "detail">> {
  try {
    const response = await startChat(origin, cookie, record.long);
    const backend = response.headers.get("x-backend");
    if (backend !== null) record.backend = Number(backend);
    return await chatOutcome(response);
  } catch (error) {
    return { outcome: "lost", detail: String(error) };
  }
}

/** Asks one question; resolves once the answer's headers came (it is running on the server then). */
export function startChat(origin: string, cookie: string, long: boolean): Promise<Response> {
  return fetch(`${origin}/api/ai/dify/chat-messages?appid=demo-chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ query: long ? LONG_QUESTION : SHORT_QUESTION, inputs: {}, response_mode: "streaming" }),
  });
}

/** How a started chat ends, read to its last event. */
export async function chatOutcome(response: Response): Promise<Pick<ChatRecord, "outcome" | "detail">> {
  try {
    if (response.status !== 200) return { outcome: "lost", detail: `HTTP ${response.status} ${(await response.text()).slice(0, 200)}` };
    let ended = false;
    let errorEvent: Record<string, unknown> | undefined;
    let events = 0;
    for await (const event of sseEvents(response)) {
      events += 1;
      if (event.event === "message_end") ended = true;
      if (event.event === "error") errorEvent = event;
    }
    if (errorEvent?.code === "server_restarting" && /重启/.test(String(errorEvent.message))) return { outcome: "restarting" };
    if (ended && !errorEvent) return { outcome: "finished" };
    return { outcome: "lost", detail: `stream ended after ${events} events${errorEvent ? `: ${JSON.stringify(errorEvent).slice(0, 200)}` : ", no message_end"}` };
  } catch (error) {
    return { outcome: "lost", detail: String(error) };
  }
}

/** The JSON `data:` of each SSE event, as it arrives. */
async function* sseEvents(response: Response): AsyncGenerator<Record<string, unknown>> {
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const data = buffer.slice(0, end).split("\n").find((line) => line.startsWith("data: "));
      buffer = buffer.slice(end + 2);
      if (data) yield JSON.parse(data.slice(6)) as Record<string, unknown>;
    }
  }
}
