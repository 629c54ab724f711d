"use client";

import { lazy, Suspense } from "react";
import type { AnnouncementView } from "../types";

// The 站内公告 banner's code is fetched only by a page that renders one (still server-rendered: the server
// resolves the import while rendering, the browser hydrates it once the chunk arrives). Most dashboard
// visits have no announcement, and the banner's button styles and icons would otherwise be in every
// /dashboard first load (≈ 12 KB of gzip). React.lazy rather than next/dynamic: the latter's own runtime
// costs ≈ 2 KB of first load.
const AnnouncementBanner = lazy(() => import("./announcement-banner").then((module) => ({ default: module.AnnouncementBanner })));

export function LazyAnnouncementBanner({ announcement }: { announcement: AnnouncementView | null }) {
  return (
    <Suspense fallback={null}>
      <AnnouncementBanner announcement={announcement} />
    </Suspense>
  );
}
