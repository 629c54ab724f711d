"use client";

import { useCallback, useState } from "react";
import { apiFetch } from "@/lib/fetch";
import { appsCopy as copy } from "../copy";

type SharedBase = { id: string; name: string; documentCount: number };

/** The shared bases, which of them the app uses now (as loaded) and as chosen in the dialog. */
type Loaded = { bases: SharedBase[]; attached: string[]; chosen: string[] };
export type AppKnowledgeState = { status: "loading" } | { status: "failed" } | ({ status: "ready" } & Loaded);

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * A model app's 知识库 in the app dialog: loaded from the console API when the dialog opens, saved after the app
 * through `PUT /api/admin/knowledge/apps/{appid}` (audited there) — only when the choice changed.
 */
export function useAppKnowledge() {
  const [state, setState] = useState<AppKnowledgeState>({ status: "loading" });
  const load = useCallback(async (appid: string | undefined) => {
    setState({ status: "loading" });
    try {
      const [{ bases }, { baseIds }] = await Promise.all([
        apiFetch<{ bases: SharedBase[] }>("/api/admin/knowledge/bases"),
        appid ? apiFetch<{ baseIds: string[] }>(`/api/admin/knowledge/apps/${appid}`) : Promise.resolve({ baseIds: [] as string[] }),
      ]);
      setState({ status: "ready", bases, attached: baseIds, chosen: baseIds });
    } catch {
      setState({ status: "failed" });
    }
  }, []);
  const toggle = (id: string, on: boolean) =>
    setState((current) => (current.status === "ready" ? { ...current, chosen: on ? [...current.chosen, id] : current.chosen.filter((chosen) => chosen !== id) } : current));
  /** The base ids to save, or null when nothing changed (or the list never loaded: keep what is stored). */
  const changedChoice = (): string[] | null => (state.status === "ready" && !sameSet(state.attached, state.chosen) ? state.chosen : null);
  return { state, load, toggle, changedChoice };
}

/** Checkboxes of the shared bases (「还没有共享知识库」 when there are none). */
export function AppKnowledgeField({ state, toggle }: { state: AppKnowledgeState; toggle: (id: string, on: boolean) => void }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm leading-none font-medium">{copy.form.knowledge}</legend>
      {state.status === "loading" ? <p className="text-muted-foreground text-sm">{copy.form.knowledgeLoading}</p> : null}
      {state.status === "failed" ? <p className="text-destructive text-sm">{copy.form.knowledgeLoadFailed}</p> : null}
      {state.status === "ready" && state.bases.length === 0 ? <p className="text-muted-foreground text-sm">{copy.form.knowledgeEmpty}</p> : null}
      {state.status === "ready"
        ? state.bases.map((base) => (
            <label key={base.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" checked={state.chosen.includes(base.id)} onChange={(event) => toggle(base.id, event.target.checked)} />
              {base.name}
              <span className="text-muted-foreground text-xs">{copy.form.knowledgeDocuments(base.documentCount)}</span>
            </label>
          ))
        : null}
      <p className="text-muted-foreground text-xs">{copy.form.knowledgeHint}</p>
    </fieldset>
  );
}
