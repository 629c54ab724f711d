import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { SiteFilingsFooter } from "@/features/compliance/components/site-filings";
import { shareCardMetadata, SharedConversationView } from "@/features/conversation-share";
import { loadSharedConversation } from "@/features/conversation-share/server";
import { ReportButton } from "@/features/reports";
import { getEnv } from "@/lib/env";

// Per request and never cached: a stopped share must stop at once. The proxy keeps the visitor's
// session out of this page (no cookies reach it, none are refreshed) and adds no-store, noindex and
// no-referrer (src/features/conversation-share/share-page.ts).
export const dynamic = "force-dynamic";

// One look-up per request for the metadata and the page.
const loadShare = cache(loadSharedConversation);

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const share = await loadShare((await params).token);
  return {
    // The card when the link is sent in WeChat and elsewhere.
    ...(share ? shareCardMetadata(share, getEnv().SITE_URL) : {}),
    title: share ? share.title : "页面不存在",
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

/** `/share/{token}`: a read-only snapshot of one conversation; 404 for unknown or stopped links. */
export default async function SharePage({ params }: Props) {
  const { token } = await params;
  const share = await loadShare(token);
  if (!share) notFound();
  return (
    <>
      <SharedConversationView share={share} />
      {/* 投诉举报: open to signed-out visitors too (they may leave an address for the reply). */}
      <div className="mx-auto flex w-full max-w-3xl justify-end px-4 pb-8">
        <ReportButton target="share" targetRef={token} excerpt={share.title} askEmail />
      </div>
      <SiteFilingsFooter />
    </>
  );
}
