import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUserId } from "@/features/auth/server";
import { PageHeading } from "@/features/layouts";
import { NotesBoard } from "@/features/notes";
import { listNotes } from "@/features/notes/server";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "笔记" };
export const dynamic = "force-dynamic";

export default async function NotesPage() {
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  const notes = await listNotes(await getDatabase(), userId);
  return (
    <div className="grid gap-6">
      <PageHeading title="笔记" description="随手记录的 Markdown 笔记，只有您自己能看到。" />
      <NotesBoard initialNotes={notes} />
    </div>
  );
}
