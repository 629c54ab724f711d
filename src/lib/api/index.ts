export { ApiRouteError, apiErrorResponse, parseJsonBody, withApiErrors } from "./api-error";
