import { describe, expect, it } from "vitest";
import { z } from "@/lib/zod";
import { ApiRouteError, withApiErrors } from "./api-error";
import { parseJsonBody } from "./json-body";

const post = (body: string) =>
  new Request("http://test.local/api", { method: "POST", headers: { "Content-Type": "application/json" }, body });

describe("withApiErrors + parseJsonBody", () => {
  const handler = withApiErrors(async (request: Request) => {
    const body = await parseJsonBody(request, z.object({ name: z.string({ message: "缺少名称" }) }));
    if (body.name === "boom") throw new Error("unexpected");
    if (body.name === "gone") throw new ApiRouteError(404, "不存在");
    return Response.json({ hello: body.name });
  });

  it("answers the handler's response", async () => {
    expect(await (await handler(post('{"name":"a"}'))).json()).toEqual({ hello: "a" });
  });

  it("turns bad JSON, failed validation and thrown errors into {statusCode, message}", async () => {
    const badJson = await handler(post("{"));
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ statusCode: 400, message: "请求内容不是有效的 JSON" });
    expect(await (await handler(post("{}"))).json()).toEqual({ statusCode: 400, message: "缺少名称" });
    expect(await (await handler(post('{"name":"gone"}'))).json()).toEqual({ statusCode: 404, message: "不存在" });
    const crash = await handler(post('{"name":"boom"}'));
    expect(crash.status).toBe(500);
    expect((await crash.json()).message).toMatch(/服务器内部错误/);
  });
});
