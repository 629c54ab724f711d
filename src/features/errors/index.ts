// Client-safe exports. Server components import `NotFoundScreen` from "@/features/errors/server".
export { BrowserNotFoundScreen } from "./components/browser-not-found-screen";
export { ErrorBoundaryScreen } from "./components/error-boundary-screen";
export { ErrorScreen } from "./components/error-screen";
export { RootErrorLandmark } from "./components/root-error-landmark";
export { isCrawler } from "./crawler";
export { errorCopy, errorTitle, notFoundMessage } from "./error-copy";
export { ThrowAfterMount } from "./components/throw-after-mount";
