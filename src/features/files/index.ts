// Client-safe exports of the storage demo (the page at /dashboard/demo/storage).
export { StorageBrowser } from "./components/storage-browser";
export { decodeKeySegment, encodeKeySegment, nameProblem } from "./lib/object-names";
export { formatBytes } from "./lib/format";
