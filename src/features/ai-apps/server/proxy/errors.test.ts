import { describe, expect, it, vi } from "vitest";
import { chineseMessageFor } from "./errors";

describe("chineseMessageFor: Dify's input checks", () => {
  it("says Dify's English input-form errors in Chinese", () => {
    expect(chineseMessageFor(400, "invalid_param", "audience is required in input form")).toBe("请求参数有误：请填写「audience」");
    expect(chineseMessageFor(400, "invalid_param", "topic in input form must be less than 48 characters")).toBe("请求参数有误：「topic」不能超过 48 个字符");
    expect(chineseMessageFor(400, "invalid_param", "tone in input form must be one of the following: ['a', 'b']")).toBe("请求参数有误：「tone」的取值不在可选范围内");
  });

  it("logs other English text instead of showing it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(chineseMessageFor(400, "invalid_param", "Something odd happened")).toBe("请求参数有误，请检查填写的内容");
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
