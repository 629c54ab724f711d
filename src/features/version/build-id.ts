/** The id of the build this bundle belongs to (set by `next.config.ts`; "development" under `next dev`). */
export const currentBuildId: string =
  process.env.NODE_ENV === "production" ? (process.env.NEXT_PUBLIC_BUILD_ID ?? "unknown") : "development";

/** Where the server publishes the id of the build it is running (polled by `VersionWatcher`). */
export const LATEST_BUILD_PATH = "/builds/latest.json";

export type LatestBuild = { id: string };
