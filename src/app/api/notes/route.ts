import type { NextRequest } from "next/server";
import { requireCurrentUserId } from "@/features/auth/server";
import { cleanNoteQuery, noteInputSchema } from "@/features/notes";
import { createNote, listNotes } from "@/features/notes/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

// Notes are one user's: no shared cache may keep them.
const PRIVATE = { "Cache-Control": "private, no-store" };

/** The signed-in user's notes, newest first; `?q=` searches title and body. */
export const GET = withApiErrors(async (request: NextRequest) => {
  const userId = await requireCurrentUserId();
  const query = cleanNoteQuery(request.nextUrl.searchParams.get("q"));
  return Response.json({ notes: await listNotes(await getDatabase(), userId, query) }, { headers: PRIVATE });
});

export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const input = await parseJsonBody(request, noteInputSchema);
  return Response.json({ note: await createNote(await getDatabase(), userId, input) }, { status: 201, headers: PRIVATE });
});
