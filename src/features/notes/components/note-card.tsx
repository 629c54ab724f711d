"use client";

import { Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { notesCopy } from "../copy";
import type { NoteView } from "../schemas";

// China time, like the rest of the product: without a fixed zone the server (UTC) and a browser
// elsewhere render different text and hydration fails over to a client render.
const dateFormat = new Intl.DateTimeFormat("zh-CN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Shanghai" });

/** Plain text of the first lines, for the card (markdown syntax stripped roughly). */
function excerpt(body: string): string {
  return body.replace(/[#>*_`~|\[\]()-]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 160);
}

type NoteCardProps = { note: NoteView; onEdit: (note: NoteView) => void; onDelete: (note: NoteView) => void };

export function NoteCard({ note, onEdit, onDelete }: NoteCardProps) {
  const pending = note.id.startsWith("pending-");
  return (
    <li className="group flex flex-col gap-2 rounded-xl border bg-card/80 p-4 shadow-sm backdrop-blur transition-shadow hover:shadow-md" aria-busy={pending || undefined}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="line-clamp-2 font-semibold break-words">{note.title}</h2>
        <div className="flex shrink-0 gap-1">
          <Button size="icon" variant="ghost" aria-label={`${notesCopy.edit}「${note.title}」`} disabled={pending} onClick={() => onEdit(note)}>
            <Pencil />
          </Button>
          <Button size="icon" variant="ghost" aria-label={`${notesCopy.delete}「${note.title}」`} disabled={pending} onClick={() => onDelete(note)}>
            <Trash2 />
          </Button>
        </div>
      </div>
      {note.body && <p className="line-clamp-3 text-sm text-muted-foreground">{excerpt(note.body)}</p>}
      <p className="mt-auto text-xs text-muted-foreground">{notesCopy.updatedAt(dateFormat.format(new Date(note.updatedAt)))}</p>
    </li>
  );
}
