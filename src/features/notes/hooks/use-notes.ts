"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { notesCopy } from "../copy";
import type { NoteInput, NoteView } from "../schemas";

const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * The notes list with optimistic changes: the list updates at once, and a failed request puts the
 * affected note back as it was (other notes changed meanwhile are left alone).
 */
export function useNotes(initialNotes: NoteView[]) {
  const [notes, setNotes] = useState(initialNotes);
  const [query, setQuery] = useState("");
  const [searching, setSearching] = useState(false);
  const searchGeneration = useRef(0);
  const initialQuery = useRef(true);

  useEffect(() => {
    // The server rendered the unfiltered list already.
    if (initialQuery.current) {
      initialQuery.current = false;
      return;
    }
    const generation = ++searchGeneration.current;
    const timer = setTimeout(async () => {
      setSearching(true);
      try {
        const url = query.trim() ? `/api/notes?q=${encodeURIComponent(query.trim())}` : "/api/notes";
        const result = await apiFetch<{ notes: NoteView[] }>(url);
        // Only the latest search may write: answers can arrive out of order.
        if (generation === searchGeneration.current) setNotes(result.notes);
      } catch (error) {
        toast({ variant: "destructive", title: notesCopy.loadFailed, description: errorMessage(error) });
      } finally {
        if (generation === searchGeneration.current) setSearching(false);
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [query]);

  const create = useCallback(async (input: NoteInput) => {
    const now = new Date().toISOString();
    const placeholder: NoteView = { id: `pending-${now}`, ...input, createdAt: now, updatedAt: now };
    setNotes((current) => [placeholder, ...current]);
    try {
      const { note } = await apiFetch<{ note: NoteView }>("/api/notes", { method: "post", json: input });
      setNotes((current) => current.map((item) => (item.id === placeholder.id ? note : item)));
      toast({ variant: "success", title: notesCopy.created, duration: 2000 });
      return true;
    } catch (error) {
      setNotes((current) => current.filter((item) => item.id !== placeholder.id));
      toast({ variant: "destructive", title: notesCopy.saveFailed, description: errorMessage(error) });
      return false;
    }
  }, []);

  const update = useCallback(async (previous: NoteView, input: NoteInput) => {
    const optimistic = { ...previous, ...input, updatedAt: new Date().toISOString() };
    setNotes((current) => [optimistic, ...current.filter((item) => item.id !== previous.id)]);
    try {
      const { note } = await apiFetch<{ note: NoteView }>(`/api/notes/${previous.id}`, { method: "patch", json: input });
      setNotes((current) => current.map((item) => (item.id === note.id ? note : item)));
      toast({ variant: "success", title: notesCopy.updated, duration: 2000 });
      return true;
    } catch (error) {
      setNotes((current) => restore(current, previous));
      toast({ variant: "destructive", title: notesCopy.saveFailed, description: errorMessage(error) });
      return false;
    }
  }, []);

  const remove = useCallback(async (previous: NoteView) => {
    setNotes((current) => current.filter((item) => item.id !== previous.id));
    try {
      await apiFetch<void>(`/api/notes/${previous.id}`, { method: "delete" });
      toast({ variant: "success", title: notesCopy.deleted, duration: 2000 });
    } catch (error) {
      setNotes((current) => restore(current, previous));
      toast({ variant: "destructive", title: notesCopy.deleteFailed, description: errorMessage(error) });
    }
  }, []);

  return { notes, query, setQuery, searching, create, update, remove };
}

/** Puts a note back in its place in the newest-first order. */
function restore(notes: NoteView[], note: NoteView): NoteView[] {
  const others = notes.filter((item) => item.id !== note.id);
  const index = others.findIndex((item) => item.updatedAt < note.updatedAt);
  return index === -1 ? [...others, note] : [...others.slice(0, index), note, ...others.slice(index)];
}
