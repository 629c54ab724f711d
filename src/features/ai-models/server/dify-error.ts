/** Dify's error body, which the proxy turns into our `{statusCode, message}`. */
export function difyErrorJson(status: number, code: string, message: string) {
  return Response.json({ status, code, message }, { status });
}
