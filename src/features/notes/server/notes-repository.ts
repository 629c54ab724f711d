import { and, desc, eq, ilike, or } from "drizzle-orm";
import { notes, type Database, type Note } from "@/lib/db";
import type { NoteInput, NoteView } from "../schemas";

/**
 * Notes queries. Every one is scoped by `userId`, so a note id from another user is simply not
 * found: callers answer 404, never revealing that the note exists.
 */
function toView(note: Note): NoteView {
  return {
    id: note.id,
    title: note.title,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

// `%` and `_` typed by the user are text to find, not wildcards.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listNotes(db: Database, userId: string, query?: string): Promise<NoteView[]> {
  const search = query?.trim();
  const matches = search
    ? or(ilike(notes.title, `%${escapeLike(search)}%`), ilike(notes.body, `%${escapeLike(search)}%`))
    : undefined;
  const rows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), matches))
    .orderBy(desc(notes.updatedAt), desc(notes.createdAt))
    .limit(500);
  return rows.map(toView);
}

export async function createNote(db: Database, userId: string, input: NoteInput): Promise<NoteView> {
  const [row] = await db.insert(notes).values({ userId, title: input.title, body: input.body }).returning();
  return toView(row!);
}

export async function updateNote(db: Database, userId: string, id: string, input: NoteInput): Promise<NoteView | null> {
  const [row] = await db
    .update(notes)
    .set({ title: input.title, body: input.body, updatedAt: new Date() })
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .returning();
  return row ? toView(row) : null;
}

export async function deleteNote(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(notes).where(and(eq(notes.id, id), eq(notes.userId, userId))).returning({ id: notes.id });
  return rows.length > 0;
}
