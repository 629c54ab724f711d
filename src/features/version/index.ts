export { currentBuildId, LATEST_BUILD_PATH, type LatestBuild } from "./build-id";
export { isChunkLoadError } from "./chunk-error";
export { ChunkLoadRecovery } from "./components/chunk-load-recovery";
export { VersionWatcher } from "./components/version-watcher";
export { reloadOnce } from "./reload-guard";
