import type { Database } from "@/lib/db";
import { toModelObject } from "./api-models";
import { authenticateApiKey } from "./authenticate-key";
import { modelsForKey } from "./chat-completions";
import { API_MESSAGES, openAiError } from "./openai-errors";

/**
 * `GET /v1/models/{id}`: one model the key may use, as `GET /v1/models` lists it. The id of a model
 * of a model app holds a slash (`appid/model`): the route takes the path's segments, encoded or not.
 */
export async function retrieveModel(request: Request, db: Database, segments: string[]): Promise<Response> {
  const key = await authenticateApiKey(request, db);
  if (key instanceof Response) return key;
  let id: string;
  try {
    id = segments.map((segment) => decodeURIComponent(segment)).join("/");
  } catch {
    id = segments.join("/");
  }
  const model = (await modelsForKey(db, key)).find((candidate) => candidate.id === id);
  if (!model) return openAiError(404, "model_not_found", API_MESSAGES.modelNotFound(id), { param: "model" });
  return Response.json(toModelObject(model, Math.floor(key.createdAt.getTime() / 1000)), { headers: { "Cache-Control": "no-store" } });
}
