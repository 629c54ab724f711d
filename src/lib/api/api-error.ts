import type { z } from "zod";

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

/** Reads a JSON body and validates it; bad JSON or a failed schema is a 400 with a readable message. */
export async function parseJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiRouteError(400, "请求内容不是有效的 JSON");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiRouteError(400, result.error.issues[0]?.message ?? "请求参数无效");
  return result.data;
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
