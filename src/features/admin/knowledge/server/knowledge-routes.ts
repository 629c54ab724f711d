import "server-only";
import { appBasesSchema, baseNameSchema, documentUrlSchema } from "@/features/knowledge";
import {
  addDocument,
  addDocumentFromUrl,
  BASE_NOT_FOUND,
  createBase,
  deleteBase,
  findBase,
  findDocumentInBase,
  knowledgeDeps,
  listBases,
  listDocuments,
  readUploadedFile,
  refusalsAsApiErrors,
  removeDocument,
  DOCUMENT_NOT_FOUND,
  appBaseIds,
  setAppBases,
} from "@/features/knowledge/server";
import { ApiRouteError, parseJsonBody } from "@/lib/api";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminRoute } from "../../server/admin-api";
import { loadStoredApp } from "../../apps/server";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
const UUID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
/** Shared documents are the operators': the paid plan's caps, no user's storage quota. */
const SHARED_LIMITS = { maxBytes: 100 * 1024 * 1024, maxPages: 2000 };

async function sharedBase(id: string) {
  const deps = await knowledgeDeps();
  const base = await findBase(deps.db, null, id);
  if (!base) throw new ApiRouteError(404, BASE_NOT_FOUND);
  return { deps, base };
}

/** The app whose bases are read or set: 404 when there is none. Only model apps retrieve (Dify apps have their own). */
async function existingApp(db: Awaited<ReturnType<typeof knowledgeDeps>>["db"], appid: string): Promise<{ isModelApp: boolean }> {
  const stored = await loadStoredApp(db, appid);
  if (!stored) throw new ApiRouteError(404, "应用不存在");
  return { isModelApp: Boolean(stored.app.modelSettings) };
}

/**
 * 共享知识库 (issue 37): bases no user owns, kept by operators and attached to model apps — `GET/POST knowledge/bases`,
 * `DELETE knowledge/bases/{id}`, `GET/POST knowledge/bases/{id}/documents` (upload or `{url}`),
 * `DELETE knowledge/bases/{id}/documents/{documentId}`, `GET/PUT knowledge/apps/{appid}` (`{baseIds}`); writes audited.
 */
export const knowledgeRoutes: AdminRoute[] = [
  { method: "GET", pattern: /^knowledge\/bases$/, write: false, handle: async () => json({ bases: await listBases((await knowledgeDeps()).db, null) }) },
  {
    method: "POST",
    pattern: /^knowledge\/bases$/,
    write: true,
    handle: async (request, _match, admin) => {
      const { name } = await parseJsonBody(request, baseNameSchema);
      const { db } = await knowledgeDeps();
      const base = await createBase(db, null, name);
      if (base === "too_many") throw new ApiRouteError(400, "共享知识库数量已达上限");
      await recordAdminAction(db, { actorId: admin.userId, action: "knowledge.base.create", targetUserId: null, after: { baseId: base.id, name }, ip: visitorIp(request.headers) ?? null });
      return json({ base }, 201);
    },
  },
  {
    method: "DELETE",
    pattern: new RegExp(`^knowledge/bases/${UUID}$`),
    write: true,
    handle: async (request, [id], admin) => {
      const { deps } = await sharedBase(id!);
      const keys = await deleteBase(deps.db, null, id!);
      await deps.storage.remove(keys ?? []);
      await recordAdminAction(deps.db, { actorId: admin.userId, action: "knowledge.base.delete", targetUserId: null, before: { baseId: id }, ip: visitorIp(request.headers) ?? null });
      return json({ deleted: id });
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^knowledge/bases/${UUID}/documents$`),
    write: false,
    handle: async (_request, [id]) => {
      const { deps, base } = await sharedBase(id!);
      return json({ documents: await listDocuments(deps.db, base.id) });
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^knowledge/bases/${UUID}/documents$`),
    write: true,
    handle: async (request, [id], admin) => {
      const { deps, base } = await sharedBase(id!);
      const target = { ownerId: null, baseId: base.id, limits: SHARED_LIMITS };
      const document = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")
        ? await refusalsAsApiErrors(addDocument(deps, { ...target, ...(await readUploadedFile(request, SHARED_LIMITS)) }))
        : await refusalsAsApiErrors(addDocumentFromUrl(deps, { ...target, url: (await parseJsonBody(request, documentUrlSchema)).url }));
      await recordAdminAction(deps.db, { actorId: admin.userId, action: "knowledge.document.add", targetUserId: null, after: { baseId: base.id, documentId: document.id, name: document.name }, ip: visitorIp(request.headers) ?? null });
      return json({ document }, 202);
    },
  },
  {
    method: "DELETE",
    pattern: new RegExp(`^knowledge/bases/${UUID}/documents/${UUID}$`),
    write: true,
    handle: async (request, [id, documentId], admin) => {
      const deps = await knowledgeDeps();
      const document = await findDocumentInBase(deps.db, null, id!, documentId!);
      if (!document) throw new ApiRouteError(404, DOCUMENT_NOT_FOUND);
      await removeDocument(deps, document);
      await recordAdminAction(deps.db, { actorId: admin.userId, action: "knowledge.document.delete", targetUserId: null, before: { baseId: id, documentId, name: document.name }, ip: visitorIp(request.headers) ?? null });
      return json({ deleted: documentId });
    },
  },
  {
    method: "GET",
    pattern: /^knowledge\/apps\/([A-Za-z0-9_-]{1,64})$/,
    write: false,
    handle: async (_request, [appid]) => {
      const { db } = await knowledgeDeps();
      await existingApp(db, appid!);
      return json({ baseIds: await appBaseIds(db, appid!) });
    },
  },
  {
    method: "PUT",
    pattern: /^knowledge\/apps\/([A-Za-z0-9_-]{1,64})$/,
    write: true,
    handle: async (request, [appid], admin) => {
      const { baseIds } = await parseJsonBody(request, appBasesSchema);
      const { db } = await knowledgeDeps();
      if (!(await existingApp(db, appid!)).isModelApp) throw new ApiRouteError(400, "只有模型应用可以关联知识库");
      if (!(await setAppBases(db, appid!, baseIds))) throw new ApiRouteError(400, "只能关联共享知识库");
      await recordAdminAction(db, { actorId: admin.userId, action: "knowledge.app.bases", targetUserId: null, after: { appid, baseIds }, ip: visitorIp(request.headers) ?? null });
      return json({ baseIds });
    },
  },
];
