import type { Database } from "@/lib/db";
import { toModelObject } from "./api-models";
import { authenticateApiKey } from "./authenticate-key";
import { modelsForKey } from "./chat-completions";

/** `GET /v1/models`: the apps this key may use, as OpenAI model objects. */
export async function listModels(request: Request, db: Database): Promise<Response> {
  const key = await authenticateApiKey(request, db);
  if (key instanceof Response) return key;
  const created = Math.floor(key.createdAt.getTime() / 1000);
  const models = await modelsForKey(db, key);
  return Response.json({ object: "list", data: models.map((model) => toModelObject(model, created)) }, { headers: { "Cache-Control": "no-store" } });
}
