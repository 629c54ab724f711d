"use client";

import { FileUp, Library, Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { apiFetch } from "@/lib/fetch";
import { knowledgeCopy } from "../copy";
import { showFailure, type BaseItem, type DocumentItem } from "../hooks";

/** What a model-app question carries for knowledge (ai-models' `chatMessageBody`). */
export type KnowledgeChoice = {
  knowledge_base_ids: string[];
  document_ids: string[];
};

/**
 * The chosen knowledge bases and the files attached to this conversation, for the model-app chat: `body()`
 * gives the fields each question carries (attached files only once 已索引).
 */
export function useKnowledgeChoice() {
  const [baseIds, setBaseIds] = useState<string[]>([]);
  const [documents, setDocuments] = useState<DocumentItem[]>([]);
  const parsing = documents.some((document) => document.status === "parsing");
  useEffect(() => {
    if (!parsing) return;
    const timer = setInterval(async () => {
      const fresh = await Promise.all(
        documents
          .filter((document) => document.status === "parsing")
          .map((document) => apiFetch<{ document: DocumentItem }>(`/api/knowledge/documents/${document.id}`).then((result) => result.document, () => document)),
      );
      const byId = new Map(fresh.map((document) => [document.id, document]));
      // Files attached meanwhile stay: only the polled ones are replaced.
      setDocuments((current) => current.map((document) => byId.get(document.id) ?? document));
    }, 2000);
    return () => clearInterval(timer);
  }, [documents, parsing]);
  const body = useCallback(
    (): KnowledgeChoice => ({ knowledge_base_ids: baseIds, document_ids: documents.filter((document) => document.status === "indexed").map((document) => document.id) }),
    [baseIds, documents],
  );
  const attach = useCallback(async (file: File) => {
    const form = new FormData();
    form.set("file", file);
    try {
      const { document } = await apiFetch<{ document: DocumentItem }>("/api/knowledge/documents", { method: "post", body: form });
      setDocuments((current) => [...current, document]);
    } catch (error) {
      showFailure(error);
    }
  }, []);
  return { baseIds, setBaseIds, documents, attach, body, reset: () => setDocuments([]) };
}

type Choice = ReturnType<typeof useKnowledgeChoice>;

/** The model-app chat's 知识库 menu: tick the user's bases, attach a file to the conversation. */
export function KnowledgeChooser({ choice, disabled }: { choice: Choice; disabled?: boolean }) {
  const [bases, setBases] = useState<BaseItem[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const load = () => void apiFetch<{ bases: BaseItem[] }>("/api/knowledge/bases").then((result) => setBases(result.bases), showFailure);
  const count = choice.baseIds.length + choice.documents.length;
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept={knowledgeCopy.accept}
        className="hidden"
        aria-label="附加文档"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void choice.attach(file);
        }}
      />
      <DropdownMenu onOpenChange={(open) => open && load()}>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="ghost" size="sm" disabled={disabled} aria-label={knowledgeCopy.chooseBases}>
            <Library aria-hidden />
            {/* Icon (and count) only on a phone: the chat header is narrow there. */}
            <span className="hidden sm:inline">{knowledgeCopy.chooseBases}</span>
            {count > 0 ? ` (${count})` : ""}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>{knowledgeCopy.chooseBasesHint}</DropdownMenuLabel>
          {bases === null && <DropdownMenuItem disabled>加载中…</DropdownMenuItem>}
          {bases?.length === 0 && <DropdownMenuItem disabled>{knowledgeCopy.noBasesToChoose}</DropdownMenuItem>}
          {bases?.map((base) => (
            <DropdownMenuCheckboxItem
              key={base.id}
              checked={choice.baseIds.includes(base.id)}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) => choice.setBaseIds((current) => (checked ? [...current, base.id] : current.filter((id) => id !== base.id)))}
            >
              {base.name}
            </DropdownMenuCheckboxItem>
          ))}
          <DropdownMenuSeparator />
          {choice.documents.map((document) => (
            <DropdownMenuItem key={document.id} disabled>
              {document.status === "parsing" && <Loader2 className="animate-spin" aria-hidden />}
              <span className="truncate">{document.name}</span>
              <span className="ml-auto text-xs">{document.status === "failed" ? (document.failureReason ?? knowledgeCopy.status.failed) : knowledgeCopy.status[document.status]}</span>
            </DropdownMenuItem>
          ))}
          <DropdownMenuItem onSelect={() => fileInput.current?.click()}>
            <FileUp aria-hidden />
            附加文档（PDF、Word、Markdown、TXT、HTML）
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
