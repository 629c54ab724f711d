"use client";

import { useEffect } from "react";
import { appConfig } from "@/config/app";
import { toast } from "@/lib/toast";
import { currentBuildId, LATEST_BUILD_PATH, type LatestBuild } from "../build-id";

const copy = { title: "发现新版本", description: "网站已更新，刷新页面即可使用最新版本。", refresh: "刷新" };

async function fetchLatestBuildId(): Promise<string | null> {
  try {
    const response = await fetch(LATEST_BUILD_PATH, { cache: "no-store" });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<LatestBuild>;
    return typeof body.id === "string" ? body.id : null;
  } catch {
    return null; // offline or mid-deploy: ask again at the next tick
  }
}

/** Polls the server's build id on an interval and on tab focus; a new id offers a reload. */
export function VersionWatcher() {
  useEffect(() => {
    if (currentBuildId === "development") return; // every edit is a "new build" under next dev
    let announced = false;

    const check = async () => {
      if (announced || document.visibilityState !== "visible") return;
      const latestId = await fetchLatestBuildId();
      if (!latestId || latestId === currentBuildId || announced) return;
      announced = true;
      // Loaded now, not with every page: the toast's Radix code is downloaded with the first toast.
      const { ToastAction } = await import("@/components/ui/toast");
      toast({
        title: copy.title,
        description: copy.description,
        duration: Number.POSITIVE_INFINITY,
        action: (
          <ToastAction altText={copy.refresh} onClick={() => window.location.reload()}>
            {copy.refresh}
          </ToastAction>
        ),
      });
    };

    const timer = window.setInterval(check, appConfig.versionCheckIntervalMs);
    const onVisible = () => void check();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    void check();
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, []);

  return null;
}
