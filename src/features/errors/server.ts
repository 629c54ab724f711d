import "server-only";

export { NotFoundScreen } from "./components/not-found-screen";
