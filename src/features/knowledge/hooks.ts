"use client";

import { useCallback, useEffect, useState } from "react";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { knowledgeCopy } from "./copy";

export interface BaseItem {
  id: string;
  name: string;
  documentCount: number;
}

export interface DocumentItem {
  id: string;
  name: string;
  size: number;
  pages: number;
  status: "parsing" | "indexed" | "failed";
  failureReason: string | null;
  sourceUrl: string | null;
}

export const showFailure = (error: unknown) =>
  toast({ variant: "destructive", title: knowledgeCopy.failed, description: error instanceof ApiError ? error.message : String(error) });

/** The user's bases, refreshed after each change. */
export function useBases(initial: BaseItem[]) {
  const [bases, setBases] = useState(initial);
  const reload = useCallback(async () => setBases((await apiFetch<{ bases: BaseItem[] }>("/api/knowledge/bases")).bases), []);
  return { bases, reload };
}

/** A base's documents; polled every 2 s while one is still 解析中. */
export function useDocuments(baseId: string) {
  const [documents, setDocuments] = useState<DocumentItem[] | null>(null);
  const reload = useCallback(async () => {
    try {
      setDocuments((await apiFetch<{ documents: DocumentItem[] }>(`/api/knowledge/bases/${baseId}/documents`)).documents);
    } catch (error) {
      showFailure(error);
    }
  }, [baseId]);
  useEffect(() => {
    let current = true;
    apiFetch<{ documents: DocumentItem[] }>(`/api/knowledge/bases/${baseId}/documents`).then((result) => current && setDocuments(result.documents), showFailure);
    return () => {
      current = false;
    };
  }, [baseId]);
  const parsing = documents?.some((document) => document.status === "parsing") ?? false;
  useEffect(() => {
    if (!parsing) return;
    const timer = setInterval(() => void reload(), 2000);
    return () => clearInterval(timer);
  }, [parsing, reload]);
  return { documents, reload };
}
