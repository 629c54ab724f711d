import { Hono, type Context } from "hono";
import type { Database } from "@/lib/db/types";
import { z } from "@/lib/zod";
import { answerChatMessage, chatMessageBody, type ChatDeps } from "./chat-messages";
import { difyErrorJson } from "./dify-error";
import { answerEmbeddings, embeddingsBody } from "./embeddings";
import { conversationJson, messageJson, parametersJson } from "./protocol-json";
import type { EmbeddedProvider } from "./provider-client";
import { suggestTitle } from "./suggest-title";
import { uploadImage } from "./uploads";
import type { ModelApp } from "./settings";
import { deleteConversation, findConversation, findMessage, firstQueryOf, listConversations, listMessages, setFeedback, updateConversation } from "./store";

type ServerEnv = { Bindings: { app: ModelApp } };

const userBody = z.looseObject({ user: z.string().min(1) });
const renameBody = userBody.extend({ name: z.string().trim().max(100).optional(), auto_generate: z.boolean().optional() });
const feedbackBody = userBody.extend({ rating: z.enum(["like", "dislike"]).nullable() });

function parseLimit(value: string | undefined): number | null {
  if (value === undefined || value === "") return 20;
  const limit = Number(value);
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : null;
}

async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | Response> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  return parsed.success ? parsed.data : difyErrorJson(400, "invalid_param", parsed.error.issues[0]?.message ?? "invalid body");
}

const NO_CONVERSATION = () => difyErrorJson(404, "not_found", "Conversation Not Exists.");

export interface ModelAppServer {
  /** Answers one Dify Service API request (path relative to `/v1`) for a model app. */
  fetch(request: Request, app: ModelApp): Promise<Response>;
}

/**
 * The server behind every model app: the subset of Dify's Service API the chat page uses, with
 * conversations and messages in our database (scoped by app and the `user` the proxy writes) and the
 * answers from the app's OpenAI-compatible provider. The proxy reaches it in-process, so a model app
 * gets the proxy's session check, quota, usage rows and stop handling like any Dify app.
 */
export function createModelAppServer(options: { db: Database; embedded: EmbeddedProvider; fetch?: typeof fetch }): ModelAppServer {
  const deps: ChatDeps = { db: options.db, embedded: options.embedded, running: new Map(), fetch: options.fetch };
  const { db } = deps;
  const server = new Hono<ServerEnv>();

  server.get("/info", (c) => c.json({ name: c.env.app.name, description: "", tags: ["模型"], mode: "chat", author_name: "思维火花" }));
  server.get("/parameters", (c) => c.json(parametersJson(c.env.app)));

  server.post("/chat-messages", async (c) => {
    const body = await readBody(c, chatMessageBody);
    if (body instanceof Response) return body;
    return answerChatMessage(deps, c.env.app, body);
  });

  server.post("/embeddings", async (c) => {
    const body = await readBody(c, embeddingsBody);
    if (body instanceof Response) return body;
    return answerEmbeddings(deps, c.env.app, body, c.req.raw.signal);
  });

  server.post("/files/upload", async (c) => {
    const form = await c.req.formData().catch(() => null);
    if (!form) return difyErrorJson(400, "no_file_uploaded", "Please upload your file.");
    if (!c.env.app.settings.models.some((model) => model.vision)) return difyErrorJson(415, "unsupported_file_type", "File type not allowed.");
    return uploadImage(db, c.env.app.appid, form);
  });

  server.post("/chat-messages/:task/stop", async (c) => {
    const body = await readBody(c, userBody);
    if (body instanceof Response) return body;
    // The proxy forwards a stop only for a task it saw start for this user.
    deps.running.get(c.req.param("task"))?.controller.abort();
    return c.json({ result: "success" });
  });

  server.get("/conversations", async (c) => {
    const limit = parseLimit(c.req.query("limit"));
    if (limit === null) return difyErrorJson(400, "invalid_param", "limit must be between 1 and 100");
    const sortBy = c.req.query("sort_by");
    if (sortBy && sortBy !== "-updated_at") return difyErrorJson(400, "invalid_param", "sort_by must be -updated_at");
    const owner = { appid: c.env.app.appid, userId: c.req.query("user") ?? "" };
    const page = await listConversations(db, owner, { lastId: c.req.query("last_id") || undefined, limit });
    if (page === "bad_cursor") return difyErrorJson(404, "not_found", "Last Conversation Not Exists.");
    return c.json({ limit, has_more: page.hasMore, data: page.rows.map(conversationJson) });
  });

  server.post("/conversations/:id/name", async (c) => {
    const body = await readBody(c, renameBody);
    if (body instanceof Response) return body;
    const conversation = await findConversation(db, { appid: c.env.app.appid, userId: body.user }, c.req.param("id"));
    if (!conversation) return NO_CONVERSATION();
    let name = body.name ?? "";
    if (body.auto_generate === true) {
      const first = await firstQueryOf(db, conversation.id);
      if (!first) return difyErrorJson(400, "invalid_param", "Conversation has no messages to name it from.");
      name = await suggestTitle({ app: c.env.app, model: conversation.model, question: first, embedded: deps.embedded, fetch: deps.fetch });
    }
    if (name === "") return difyErrorJson(400, "invalid_param", "name is required when auto_generate is false");
    return c.json(conversationJson((await updateConversation(db, conversation.id, { name })) ?? conversation));
  });

  server.delete("/conversations/:id", async (c) => {
    const body = await readBody(c, userBody);
    if (body instanceof Response) return body;
    const conversation = await findConversation(db, { appid: c.env.app.appid, userId: body.user }, c.req.param("id"));
    if (!conversation) return NO_CONVERSATION();
    await deleteConversation(db, conversation.id);
    return c.body(null, 204);
  });

  server.get("/messages", async (c) => {
    const limit = parseLimit(c.req.query("limit"));
    if (limit === null) return difyErrorJson(400, "invalid_param", "limit must be between 1 and 100");
    const conversation = await findConversation(db, { appid: c.env.app.appid, userId: c.req.query("user") ?? "" }, c.req.query("conversation_id") ?? "");
    if (!conversation) return NO_CONVERSATION();
    const page = await listMessages(db, conversation.id, { firstId: c.req.query("first_id") || undefined, limit });
    if (page === "bad_cursor") return difyErrorJson(404, "not_found", "First Message Not Exists.");
    return c.json({ limit, has_more: page.hasMore, data: page.rows.map(messageJson) });
  });

  server.post("/messages/:id/feedbacks", async (c) => {
    const body = await readBody(c, feedbackBody);
    if (body instanceof Response) return body;
    const message = await findMessage(db, { appid: c.env.app.appid, userId: body.user }, c.req.param("id"));
    if (!message) return difyErrorJson(404, "not_found", "Message Not Exists.");
    await setFeedback(db, message.id, body.rating);
    return c.json({ result: "success" });
  });

  server.get("/messages/:id/suggested", async (c) => {
    const message = await findMessage(db, { appid: c.env.app.appid, userId: c.req.query("user") ?? "" }, c.req.param("id"));
    if (!message) return difyErrorJson(404, "not_found", "Message Not Exists.");
    return c.json({ result: "success", data: [] });
  });

  server.notFound(() => difyErrorJson(404, "not_found", "The requested URL was not found on the server."));
  server.onError((error) => {
    console.error("[model apps]", error);
    return difyErrorJson(500, "internal_server_error", "The server encountered an internal error and was unable to complete your request.");
  });

  return { fetch: async (request, app) => server.fetch(request, { app }) };
}
