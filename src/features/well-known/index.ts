export { wellKnownResponse } from "./well-known-response";
