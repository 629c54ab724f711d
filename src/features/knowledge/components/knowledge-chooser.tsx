"use client";

import { FileUp, Library } from "lucide-react";
import { useRef, useState } from "react";
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
import { showFailure, type BaseItem } from "../hooks";
import type { useKnowledgeChoice } from "../use-knowledge-choice";
import { AttachedStatus } from "./attached-documents-list";

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
              <span className="truncate">{document.name}</span>
              <AttachedStatus document={document} className="ml-auto" />
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
