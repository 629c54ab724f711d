import type { AiApp } from "@/features/ai-apps/server";

/**
 * How apps are named as OpenAI models: a Dify app by its appid; a model app by its appid (its
 * default model) and by `appid/model` for each of its models, embedding models included.
 */
export interface ApiModel {
  /** The name a client passes as `model`. */
  id: string;
  app: AiApp;
  /** Model apps: the model to answer with (undefined: the app's default). */
  modelId?: string;
  /** An embedding model of a model app: `/v1/embeddings` only. */
  embedding?: true;
}

export function apiModelsOf(apps: AiApp[]): ApiModel[] {
  return apps.flatMap((app) => {
    const byApp: ApiModel = { id: app.appid, app };
    if (!app.modelSettings) return [byApp];
    const embeddings = app.modelSettings.embeddingModels.map((model): ApiModel => ({ id: `${app.appid}/${model.id}`, app, modelId: model.id, embedding: true }));
    return [byApp, ...app.modelSettings.models.map((model) => ({ id: `${app.appid}/${model.id}`, app, modelId: model.id })), ...embeddings];
  });
}

/** The key's allowed apps (null: all of them). */
export function keyMayUse(allowedApps: string[] | null, appid: string): boolean {
  return allowedApps === null || allowedApps.includes(appid);
}

/** What `GET /v1/models` lists for one model (OpenAI's model object, `owned_by` the app's name). */
export function toModelObject(model: ApiModel, created: number) {
  return { id: model.id, object: "model" as const, created, owned_by: model.app.name };
}
