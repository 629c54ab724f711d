import "server-only";

export { getRequestPath } from "./request-path";
