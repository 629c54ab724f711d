"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { notesCopy } from "../copy";
import { noteInputSchema, type NoteInput, type NoteView } from "../schemas";
import { MarkdownPreview } from "./markdown-preview";

type NoteEditorDialogProps = {
  /** The note being edited, or `null` for a new note. */
  note: NoteView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (input: NoteInput) => Promise<boolean>;
};

/** Create / edit form with a markdown preview; closes only once the save went through. */
export function NoteEditorDialog({ note, open, onOpenChange, onSave }: NoteEditorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {/* Keyed so every opening starts from the note's current text. */}
        {open && <NoteEditorForm key={note?.id ?? "new"} note={note} onCancel={() => onOpenChange(false)} onSave={onSave} />}
      </DialogContent>
    </Dialog>
  );
}

function NoteEditorForm({ note, onCancel, onSave }: Pick<NoteEditorDialogProps, "note" | "onSave"> & { onCancel: () => void }) {
  const [title, setTitle] = useState(note?.title ?? "");
  const [body, setBody] = useState(note?.body ?? "");
  const [mode, setMode] = useState<"write" | "preview">("write");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = noteInputSchema.safeParse({ title, body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? notesCopy.saveFailed);
      return;
    }
    setError(null);
    setSaving(true);
    const saved = await onSave(parsed.data);
    setSaving(false);
    if (saved) onCancel();
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{note ? notesCopy.editorEditTitle : notesCopy.editorCreateTitle}</DialogTitle>
        <DialogDescription>{notesCopy.editorDescription}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="note-title">{notesCopy.titleLabel}</Label>
        <Input
          id="note-title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          autoFocus
        />
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="note-body">{notesCopy.bodyLabel}</Label>
          <div className="flex gap-1" role="group" aria-label={notesCopy.bodyModeLabel}>
            <Button type="button" size="sm" variant={mode === "write" ? "secondary" : "ghost"} aria-pressed={mode === "write"} onClick={() => setMode("write")}>
              {notesCopy.write}
            </Button>
            <Button type="button" size="sm" variant={mode === "preview" ? "secondary" : "ghost"} aria-pressed={mode === "preview"} onClick={() => setMode("preview")}>
              {notesCopy.preview}
            </Button>
          </div>
        </div>
        {mode === "write" ? (
          <Textarea id="note-body" value={body} onChange={(event) => setBody(event.target.value)} rows={12} className="font-mono" />
        ) : (
          <div className="min-h-48 rounded-md border p-3" data-testid="note-preview">
            {body.trim() ? <MarkdownPreview source={body} /> : <p className="text-sm text-muted-foreground">{notesCopy.emptyPreview}</p>}
          </div>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {notesCopy.cancel}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? notesCopy.saving : notesCopy.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
