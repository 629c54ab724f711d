"use client";

import { Megaphone, X } from "lucide-react";
import { Link } from "@/components/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useIsClient } from "@/components/use-is-client";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { announcementsCopy as copy } from "../copy";
import type { AnnouncementView } from "../types";

/**
 * The dashboard's 站内公告: shown until the user closes it (stored per user, so it does not come back).
 * It disappears once the server has stored the dismissal (a few ms): hidden at the click, a reload or a
 * link followed at once cancelled the request and brought it back.
 */
export function AnnouncementBanner({ announcement }: { announcement: AnnouncementView | null }) {
  const [state, setState] = useState<"shown" | "closing" | "hidden">("shown");
  // 关闭 is disabled until hydrated: the banner's code arrives after the page's (LazyAnnouncementBanner),
  // and React drops a click on server-rendered markup it has not hydrated yet.
  const hydrated = useIsClient();
  if (!announcement || state === "hidden") return null;
  const dismiss = async () => {
    setState("closing");
    try {
      await apiFetch(`/api/announcements/${announcement.id}/dismiss`, { method: "post", json: {} });
      setState("hidden");
    } catch {
      setState("shown");
      toast({ variant: "destructive", title: copy.dismissFailed });
    }
  };
  const external = announcement.link?.startsWith("https://") ?? false;
  return (
    <section aria-label={copy.region} data-testid="announcement" className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
      <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 break-words">
        {announcement.text}
        {announcement.link ? (
          <>
            {" "}
            <Link href={announcement.link} className="font-medium underline underline-offset-4" {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
              {copy.more}
            </Link>
          </>
        ) : null}
      </p>
      <Button size="icon" variant="ghost" className="size-7 shrink-0" aria-label={copy.dismiss} title={copy.dismiss} disabled={!hydrated || state === "closing"} onClick={() => void dismiss()}>
        <X aria-hidden />
      </Button>
    </section>
  );
}
