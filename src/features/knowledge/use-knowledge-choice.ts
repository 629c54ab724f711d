"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch } from "@/lib/fetch";
import { localId } from "@/features/ai-runtime";
import {
  addAttached,
  attachedHere,
  conversationStarted,
  initialAttached,
  isPreparing,
  markSent,
  openConversation,
  removeAttached,
  updateAttached,
  type AttachedDocument,
} from "./attached-documents";
import type { DocumentItem } from "./hooks";

/** What a model-app question carries for knowledge (ai-models' `chatMessageBody`). */
export type KnowledgeChoice = {
  knowledge_base_ids: string[];
  document_ids: string[];
};

/** Best effort: a document left behind only costs its owner storage until they delete it. */
const deleteStored = (id: string) => void apiFetch(`/api/knowledge/documents/${id}`, { method: "delete" }).catch(() => undefined);

const fromServer = (document: DocumentItem): Partial<AttachedDocument> => ({ id: document.id, status: document.status, failureReason: document.failureReason });

/**
 * The chosen knowledge bases and the files attached to the shown conversation, for the model-app chat:
 * `body()` gives the fields each question carries (attached files only once 已索引).
 */
export function useKnowledgeChoice() {
  const [baseIds, setBaseIds] = useState<string[]>([]);
  const [attached, setAttached] = useState(initialAttached);
  // Local ids of files not stored (yet, or ever: a refused upload), and of those the user removed meanwhile
  // (deleted on the server if they arrive after all).
  const notStored = useRef(new Set<string>());
  const removedBeforeStored = useRef(new Set<string>());
  const documents = attachedHere(attached);
  const parsingIds = documents
    .filter((document) => document.status === "parsing")
    .map((document) => document.id)
    .join(",");
  useEffect(() => {
    if (!parsingIds) return;
    const timer = setInterval(() => {
      for (const id of parsingIds.split(",")) {
        apiFetch<{ document: DocumentItem }>(`/api/knowledge/documents/${id}`).then(
          ({ document }) => setAttached((state) => updateAttached(state, id, fromServer(document))),
          // Polled again in 2 s.
          () => undefined,
        );
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [parsingIds]);
  const body = useCallback(
    (): KnowledgeChoice => ({ knowledge_base_ids: baseIds, document_ids: documents.filter((document) => document.status === "indexed").map((document) => document.id) }),
    [baseIds, documents],
  );
  const attach = useCallback(async (file: File) => {
    const id = localId();
    notStored.current.add(id);
    setAttached((state) => addAttached(state, { id, name: file.name, status: "uploading", failureReason: null, sent: false }));
    const form = new FormData();
    form.set("file", file);
    try {
      const { document } = await apiFetch<{ document: DocumentItem }>("/api/knowledge/documents", { method: "post", body: form });
      notStored.current.delete(id);
      if (removedBeforeStored.current.delete(id)) deleteStored(document.id);
      else setAttached((state) => updateAttached(state, id, fromServer(document)));
    } catch (error) {
      // Shown on the file itself (too large, wrong type, quota…), where the user looks.
      const reason = error instanceof ApiError ? error.message : "上传失败，请重试";
      setAttached((state) => updateAttached(state, id, { status: "failed", failureReason: reason }));
    }
  }, []);
  const remove = useCallback(
    (id: string) => {
      const document = documents.find((item) => item.id === id);
      setAttached((state) => removeAttached(state, id));
      if (notStored.current.has(id)) removedBeforeStored.current.add(id);
      // Stored and never asked with: nothing cites it, so its bytes stop counting against the storage quota.
      else if (document && !document.sent) deleteStored(id);
    },
    [documents],
  );
  return {
    baseIds,
    setBaseIds,
    documents,
    /** A document is still uploading or 解析中: the question should wait for it. */
    preparing: documents.some(isPreparing),
    attach,
    remove,
    body,
    sent: useCallback(() => setAttached(markSent), []),
    open: useCallback((conversationId: string | null) => setAttached((state) => openConversation(state, conversationId)), []),
    started: useCallback((conversationId: string) => setAttached((state) => conversationStarted(state, conversationId)), []),
  };
}
