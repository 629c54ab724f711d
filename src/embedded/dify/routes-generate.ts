import { Hono } from "hono";
import { optionalOwner, readJsonBody, requiredOwner, requireMode, type DemoContext, type DemoDeps, type DemoEnv } from "./context";
import { CONVERSATION_NOT_EXISTS, difyError } from "./errors";
import type { DemoApp } from "./demo-apps";
import { answerMessage } from "./generate-message";
import { resolveFileInputs } from "./form-files";
import { validateInputs, withDefaults } from "./inputs";
import { createConversation, findConversation, findFile, type Owner } from "./store";
import { chooseParent } from "./threads";
import { runWorkflow } from "./workflow";

const asInputs = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Checks `files[]` items that reference uploads: they must belong to this user (reference §2). */
async function checkFiles(deps: DemoDeps, owner: { appId: string; user: string }, files: unknown): Promise<unknown[] | string> {
  if (files === undefined || files === null) return [];
  if (!Array.isArray(files)) return "files must be a list";
  for (const file of files) {
    const item = file as { transfer_method?: string; upload_file_id?: string };
    if (item?.transfer_method === "local_file" && !(item.upload_file_id && (await findFile(deps.db, owner, item.upload_file_id)))) {
      return "Invalid upload file id.";
    }
  }
  return files;
}

async function fileInputsProblem(deps: DemoDeps, owner: Owner, app: DemoApp, inputs: Record<string, unknown>): Promise<string | null> {
  const resolved = await resolveFileInputs(deps.db, owner, app, inputs);
  return typeof resolved === "string" ? resolved : null;
}

/**
 * The start every generate and stop endpoint shares: the app's mode, a JSON object body and its
 * `user` (optional only where Dify does not ask for it); an error answer otherwise.
 */
async function openCall(
  c: DemoContext,
  mode: DemoApp["mode"],
  ownerOf: (c: DemoContext, user: unknown) => Owner | Response = requiredOwner,
): Promise<{ body: Record<string, unknown>; owner: Owner } | Response> {
  const wrongMode = requireMode(c, mode);
  if (wrongMode) return wrongMode;
  const body = await readJsonBody(c);
  if (body instanceof Response) return body;
  const owner = ownerOf(c, body.user);
  if (owner instanceof Response) return owner;
  return { body, owner };
}

/** POST chat-messages, completion-messages, workflows/run and their stop endpoints. */
export function generateRoutes(deps: DemoDeps) {
  const routes = new Hono<DemoEnv>();

  routes.post("/chat-messages", async (c) => {
    const call = await openCall(c, "chat");
    if (call instanceof Response) return call;
    const { body, owner } = call;
    const query = typeof body.query === "string" ? body.query : "";
    if (query.trim() === "") return difyError(c, 400, "invalid_param", "query is required");
    const inputs = asInputs(body.inputs ?? {});
    if (!inputs) return difyError(c, 400, "invalid_param", "inputs must be an object");
    const app = c.get("app");
    const conversationId = typeof body.conversation_id === "string" && body.conversation_id !== "" ? body.conversation_id : null;
    let conversation = conversationId ? await findConversation(deps.db, owner, conversationId) : undefined;
    if (conversationId && !conversation) return difyError(c, 404, "not_found", CONVERSATION_NOT_EXISTS);
    if (!conversation) {
      const invalid = validateInputs(app, inputs) ?? (await fileInputsProblem(deps, owner, app, inputs));
      if (invalid) return difyError(c, 400, "invalid_param", invalid);
    }
    const files = await checkFiles(deps, owner, body.files);
    if (typeof files === "string") return difyError(c, 400, "invalid_param", files);
    const parent = await chooseParent(deps.db, owner, conversation?.id ?? null, body.parent_message_id);
    if ("status" in parent) return difyError(c, parent.status, parent.status === 404 ? "not_found" : "invalid_param", parent.message);
    const isNew = !conversation;
    // Inputs are fixed when the conversation starts (Dify ignores later ones).
    conversation ??= await createConversation(deps.db, owner, {
      name: "新对话",
      inputs: withDefaults(app, inputs),
      introduction: app.openingStatement ?? "",
    });
    return answerMessage(c, deps, {
      mode: "chat",
      owner,
      query,
      // The history is the thread the new message follows, not the whole conversation (threads.ts).
      prompt: `${parent.history}\n${query}\n${JSON.stringify(conversation.inputs)}`,
      parentMessageId: parent.parentMessageId,
      previousQuery: parent.previousQuery,
      inputs: conversation.inputs,
      files,
      streaming: body.response_mode === "streaming",
      conversation: { id: conversation.id, rename: isNew && body.auto_generate_name !== false },
    });
  });

  routes.post("/completion-messages", async (c) => {
    const call = await openCall(c, "completion");
    if (call instanceof Response) return call;
    const { body, owner } = call;
    const inputs = asInputs(body.inputs);
    if (!inputs) return difyError(c, 400, "invalid_param", "inputs is required");
    const invalid = validateInputs(c.get("app"), inputs) ?? (await fileInputsProblem(deps, owner, c.get("app"), inputs));
    if (invalid) return difyError(c, 400, "invalid_param", invalid);
    const files = await checkFiles(deps, owner, body.files);
    if (typeof files === "string") return difyError(c, 400, "invalid_param", files);
    const filled = withDefaults(c.get("app"), inputs);
    const query = String(filled.query ?? body.query ?? "");
    return answerMessage(c, deps, {
      mode: "completion",
      owner,
      query,
      prompt: JSON.stringify(filled),
      inputs: filled,
      files,
      streaming: body.response_mode === "streaming",
    });
  });

  routes.post("/workflows/run", async (c) => {
    const call = await openCall(c, "workflow");
    if (call instanceof Response) return call;
    const { body, owner } = call;
    const inputs = asInputs(body.inputs);
    if (!inputs) return difyError(c, 400, "invalid_param", "inputs is required");
    const invalid = validateInputs(c.get("app"), inputs);
    if (invalid) return difyError(c, 400, "invalid_param", invalid);
    const attachments = await resolveFileInputs(deps.db, owner, c.get("app"), inputs);
    if (typeof attachments === "string") return difyError(c, 400, "invalid_param", attachments);
    return runWorkflow(c, deps, { owner, inputs: withDefaults(c.get("app"), inputs), attachments, streaming: body.response_mode === "streaming" });
  });

  // Stop endpoints: like Dify, unknown or finished tasks still answer success.
  const stop = (mode: "chat" | "completion" | "workflow") => async (c: DemoContext) => {
    const call = await openCall(c, mode, mode === "workflow" ? optionalOwner : requiredOwner);
    if (call instanceof Response) return call;
    deps.flags.stop(c.req.param("task_id") ?? "");
    return c.json({ result: "success" });
  };
  routes.post("/chat-messages/:task_id/stop", stop("chat"));
  routes.post("/completion-messages/:task_id/stop", stop("completion"));
  routes.post("/workflows/tasks/:task_id/stop", stop("workflow"));

  return routes;
}
