import "server-only";

// Routes server.mjs answers before Next.js's router (see lane.ts); src/lib/net/fast-lane-server.mjs is its Node side.
export { createFastLane, openFastLane, type FastLane } from "./lane";
export { fastLaneRoutes, type FastLaneRoute } from "./routes";
