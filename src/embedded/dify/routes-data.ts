import { Hono } from "hono";
import { suggestionsFor } from "./answer";
import { optionalOwner, readJsonBody, requiredOwner, requireMode, type DemoDeps, type DemoEnv } from "./context";
import { CONVERSATION_NOT_EXISTS, difyError, MESSAGE_NOT_EXISTS } from "./errors";
import { uploadFamiliesOf } from "./form-files";
import { familyOfExtension, fileUploadFor, parametersFor, SYSTEM_PARAMETERS } from "./parameters";
import {
  conversationJson,
  deleteConversation,
  findConversation,
  findMessage,
  firstQueryOf,
  insertFile,
  listConversations,
  listMessages,
  messageJson,
  renameConversation,
  setFeedback,
  type SortBy,
} from "./store";
import { conversationNameFor } from "./answer";

const SORTS: SortBy[] = ["created_at", "-created_at", "updated_at", "-updated_at"];

function parseLimit(value: string | undefined): number | null {
  if (value === undefined || value === "") return 20;
  const limit = Number(value);
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : null;
}

const MB = 1024 * 1024;
const sizeLimitMb: Record<string, number> = {
  image: SYSTEM_PARAMETERS.image_file_size_limit,
  audio: SYSTEM_PARAMETERS.audio_file_size_limit,
  video: SYSTEM_PARAMETERS.video_file_size_limit,
};

/** App metadata, files, conversations, messages, feedback and suggestions. */
export function dataRoutes(deps: DemoDeps) {
  const routes = new Hono<DemoEnv>();

  routes.get("/info", (c) => {
    const app = c.get("app");
    return c.json({ name: app.name, description: app.description, tags: ["演示"], mode: app.difyMode ?? app.mode, author_name: "思维火花" });
  });

  routes.get("/parameters", (c) => c.json(parametersFor(c.get("app"))));

  routes.post("/files/upload", async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return difyError(c, 400, "no_file_uploaded", "Please upload your file.");
    }
    const parts = form.getAll("file");
    if (parts.length === 0) return difyError(c, 400, "no_file_uploaded", "Please upload your file.");
    if (parts.length > 1) return difyError(c, 400, "too_many_files", "Only one file is allowed.");
    const file = parts[0];
    if (!(file instanceof File)) return difyError(c, 400, "no_file_uploaded", "Please upload your file.");
    if (!file.name || /[/\\]/.test(file.name)) return difyError(c, 400, "filename_not_exists_error", "The specified filename does not exist.");
    const extension = file.name.includes(".") ? (file.name.split(".").pop() ?? "").toLowerCase() : "";
    const family = familyOfExtension(extension);
    const families = uploadFamiliesOf(c.get("app"), fileUploadFor(c.get("app")).allowed_file_types);
    if (!family || !families.has(family)) return difyError(c, 415, "unsupported_file_type", "File type not allowed.");
    const limit = (sizeLimitMb[family] ?? SYSTEM_PARAMETERS.file_size_limit) * MB;
    if (file.size > limit) return difyError(c, 413, "file_too_large", `File size exceeded. ${file.size} > ${limit}`);
    const owner = optionalOwner(c, form.get("user"));
    const row = await insertFile(deps.db, owner, { name: file.name, size: file.size, extension, mimeType: file.type || "application/octet-stream" });
    return c.json(
      {
        id: row.id,
        name: row.name,
        size: row.size,
        extension: row.extension,
        mime_type: row.mimeType,
        created_by: owner.user,
        created_at: Math.floor(row.createdAt.getTime() / 1000),
        preview_url: null,
      },
      201,
    );
  });

  routes.get("/conversations", async (c) => {
    const wrongMode = requireMode(c, "chat");
    if (wrongMode) return wrongMode;
    const limit = parseLimit(c.req.query("limit"));
    if (limit === null) return difyError(c, 400, "invalid_param", "limit must be between 1 and 100");
    const sortBy = (c.req.query("sort_by") ?? "-updated_at") as SortBy;
    if (!SORTS.includes(sortBy)) return difyError(c, 400, "invalid_param", `sort_by must be one of ${SORTS.join(", ")}`);
    const page = await listConversations(deps.db, optionalOwner(c, c.req.query("user")), { lastId: c.req.query("last_id") || undefined, limit, sortBy });
    if (page === "bad_cursor") return difyError(c, 404, "not_found", "Last Conversation Not Exists.");
    return c.json({ limit, has_more: page.hasMore, data: page.rows.map(conversationJson) });
  });

  routes.post("/conversations/:id/name", async (c) => {
    const wrongMode = requireMode(c, "chat");
    if (wrongMode) return wrongMode;
    const body = await readJsonBody(c);
    if (body instanceof Response) return body;
    const conversation = await findConversation(deps.db, optionalOwner(c, body.user), c.req.param("id"));
    if (!conversation) return difyError(c, 404, "not_found", CONVERSATION_NOT_EXISTS);
    let name: string;
    if (body.auto_generate === true) {
      const first = await firstQueryOf(deps.db, conversation.id);
      if (!first) return difyError(c, 400, "invalid_param", "Conversation has no messages to name it from.");
      name = conversationNameFor(first);
    } else {
      if (typeof body.name !== "string" || body.name.trim() === "") return difyError(c, 400, "invalid_param", "name is required when auto_generate is false");
      name = body.name.trim();
    }
    const renamed = await renameConversation(deps.db, conversation.id, name);
    return c.json(conversationJson(renamed ?? conversation));
  });

  routes.delete("/conversations/:id", async (c) => {
    const wrongMode = requireMode(c, "chat");
    if (wrongMode) return wrongMode;
    const body = await readJsonBody(c);
    if (body instanceof Response) return body;
    const conversation = await findConversation(deps.db, optionalOwner(c, body.user), c.req.param("id"));
    if (!conversation) return difyError(c, 404, "not_found", CONVERSATION_NOT_EXISTS);
    await deleteConversation(deps.db, conversation.id);
    return c.body(null, 204);
  });

  routes.get("/messages", async (c) => {
    const wrongMode = requireMode(c, "chat");
    if (wrongMode) return wrongMode;
    const limit = parseLimit(c.req.query("limit"));
    if (limit === null) return difyError(c, 400, "invalid_param", "limit must be between 1 and 100");
    const conversationId = c.req.query("conversation_id") ?? "";
    const conversation = await findConversation(deps.db, optionalOwner(c, c.req.query("user")), conversationId);
    if (!conversation) return difyError(c, 404, "not_found", CONVERSATION_NOT_EXISTS);
    const page = await listMessages(deps.db, conversation.id, { firstId: c.req.query("first_id") || undefined, limit });
    if (page === "bad_cursor") return difyError(c, 404, "not_found", "First Message Not Exists.");
    return c.json({ limit, has_more: page.hasMore, data: page.rows.map(messageJson) });
  });

  routes.post("/messages/:id/feedbacks", async (c) => {
    if (c.get("app").mode === "workflow") return difyError(c, 400, "not_chat_app", "Please check if your app mode matches the right API route.");
    const body = await readJsonBody(c);
    if (body instanceof Response) return body;
    const owner = requiredOwner(c, body.user);
    if (owner instanceof Response) return owner;
    const rating = body.rating ?? null;
    if (rating !== null && rating !== "like" && rating !== "dislike") return difyError(c, 400, "invalid_param", "rating must be like, dislike or null");
    const message = await findMessage(deps.db, owner, c.req.param("id"));
    if (!message) return difyError(c, 404, "not_found", MESSAGE_NOT_EXISTS);
    if (rating === null && !message.feedback) return difyError(c, 400, "invalid_param", "Feedback does not exist.");
    const content = typeof body.content === "string" && body.content.trim() ? body.content.trim().slice(0, 2000) : null;
    await setFeedback(deps.db, message.id, rating, content);
    return c.json({ result: "success" });
  });

  routes.get("/messages/:id/suggested", async (c) => {
    const wrongMode = requireMode(c, "chat");
    if (wrongMode) return wrongMode;
    const owner = requiredOwner(c, c.req.query("user"));
    if (owner instanceof Response) return owner;
    const message = await findMessage(deps.db, owner, c.req.param("id"));
    if (!message) return difyError(c, 404, "not_found", MESSAGE_NOT_EXISTS);
    return c.json({ result: "success", data: suggestionsFor(message.query) });
  });

  return routes;
}
