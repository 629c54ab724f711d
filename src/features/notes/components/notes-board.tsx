"use client";

import { Loader2, NotebookPen, Plus, Search } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { notesCopy } from "../copy";
import { useNotes } from "../hooks/use-notes";
import type { NoteView } from "../schemas";
import { DeleteNoteDialog } from "./delete-note-dialog";
import { NoteCard } from "./note-card";
import { NoteEditorDialog } from "./note-editor-dialog";

/** The notes page: search, the newest-first list, and the editor and delete dialogs. */
export function NotesBoard({ initialNotes }: { initialNotes: NoteView[] }) {
  const { notes, query, setQuery, searching, create, update, remove } = useNotes(initialNotes);
  const [editor, setEditor] = useState<{ open: boolean; note: NoteView | null }>({ open: false, note: null });
  const [deleting, setDeleting] = useState<NoteView | null>(null);

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={notesCopy.searchPlaceholder}
            aria-label={notesCopy.searchLabel}
            className="pl-9"
          />
          {searching && <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden />}
        </div>
        <Button onClick={() => setEditor({ open: true, note: null })}>
          <Plus aria-hidden />
          {notesCopy.newNote}
        </Button>
      </div>

      {notes.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-16 text-center">
          <NotebookPen className="size-10 text-muted-foreground" aria-hidden />
          {query.trim() ? (
            <p className="text-muted-foreground">{notesCopy.noMatches(query.trim())}</p>
          ) : (
            <>
              <p className="font-medium">{notesCopy.emptyTitle}</p>
              <p className="text-sm text-muted-foreground">{notesCopy.emptyDescription}</p>
            </>
          )}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="笔记列表">
          {notes.map((note) => (
            <NoteCard key={note.id} note={note} onEdit={(target) => setEditor({ open: true, note: target })} onDelete={setDeleting} />
          ))}
        </ul>
      )}

      <NoteEditorDialog
        note={editor.note}
        open={editor.open}
        onOpenChange={(open) => setEditor((current) => ({ ...current, open }))}
        onSave={(input) => (editor.note ? update(editor.note, input) : create(input))}
      />
      <DeleteNoteDialog note={deleting} onOpenChange={(open) => !open && setDeleting(null)} onConfirm={(note) => void remove(note)} />
    </div>
  );
}
