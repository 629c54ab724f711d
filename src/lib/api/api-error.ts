/** An error a route handler answers as `{statusCode, message}` (SPEC §3 "Error object"). */
export class ApiRouteError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiRouteError";
  }
}

export function apiErrorResponse(statusCode: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ statusCode, message }, { status: statusCode, headers });
}

/** Wraps a route handler so thrown `ApiRouteError`s (and surprises) become `{statusCode, message}`. */
export function withApiErrors<R extends Request, Args extends unknown[]>(
  handler: (request: R, ...args: Args) => Promise<Response>,
): (request: R, ...args: Args) => Promise<Response> {
  return async (request, ...args) => {
    try {
      return await handler(request, ...args);
    } catch (error) {
      if (error instanceof ApiRouteError) return apiErrorResponse(error.statusCode, error.message);
      console.error(error);
      return apiErrorResponse(500, "服务器内部错误，请稍后重试");
    }
  };
}
