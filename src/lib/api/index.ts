export { ApiRouteError, apiErrorResponse, withApiErrors } from "./api-error";
export { isJsonContentType, parseJsonBody, readOptionalJsonBody, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from "./json-body";
export { UNKNOWN_API_ROUTE_MESSAGE, unknownApiRouteResponse } from "./unknown-route";
