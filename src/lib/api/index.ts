export { ApiRouteError, apiErrorResponse, withApiErrors } from "./api-error";
export { isJsonContentType, parseJsonBody, readOptionalJsonBody, UNSUPPORTED_MEDIA_TYPE_MESSAGE, UnstorableTextError } from "./json-body";
export { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "./storable-text";
export { UNKNOWN_API_ROUTE_MESSAGE, unknownApiRouteResponse } from "./unknown-route";
