import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUserId } from "@/features/auth/server";
import { KnowledgeBoard, knowledgeCopy } from "@/features/knowledge";
import { listBases } from "@/features/knowledge/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "知识库" };
export const dynamic = "force-dynamic";

export default async function KnowledgePage() {
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  const bases = await listBases(await getDatabase(), userId);
  return (
    <div className="grid gap-6">
      <PageHeading title={knowledgeCopy.title} description={knowledgeCopy.description} />
      <KnowledgeBoard initialBases={bases} />
    </div>
  );
}
