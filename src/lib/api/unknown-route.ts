import { apiErrorResponse } from "./api-error";

/** What any `/api/*` URL no route claims answers (and what the console's API answers non-operators). */
export const UNKNOWN_API_ROUTE_MESSAGE = "接口不存在";

export function unknownApiRouteResponse(): Response {
  return apiErrorResponse(404, UNKNOWN_API_ROUTE_MESSAGE);
}
