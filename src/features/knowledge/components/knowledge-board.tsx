"use client";

import { Library, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiFetch } from "@/lib/fetch";
import { knowledgeCopy } from "../copy";
import { showFailure, useBases, type BaseItem } from "../hooks";
import { BaseCard } from "./base-card";

/** /dashboard/knowledge: create a base; each base lists its documents with their status. */
export function KnowledgeBoard({ initialBases }: { initialBases: BaseItem[] }) {
  const { bases, reload } = useBases(initialBases);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await apiFetch("/api/knowledge/bases", { method: "post", json: { name } });
      setName("");
      await reload();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-6">
      <form onSubmit={create} className="flex flex-col gap-3 sm:flex-row" aria-label={knowledgeCopy.newBase}>
        <Input value={name} onChange={(event) => setName(event.target.value)} placeholder={knowledgeCopy.baseNamePlaceholder} aria-label="知识库名称" maxLength={60} className="flex-1" />
        <Button type="submit" disabled={busy || !name.trim()}>
          <Plus aria-hidden />
          {knowledgeCopy.newBase}
        </Button>
      </form>
      {bases.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-16 text-center">
          <Library className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{knowledgeCopy.emptyTitle}</p>
          <p className="text-sm text-muted-foreground">{knowledgeCopy.emptyDescription}</p>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="知识库列表">
          {bases.map((base) => (
            <BaseCard key={base.id} base={base} onChanged={reload} />
          ))}
        </ul>
      )}
    </div>
  );
}
