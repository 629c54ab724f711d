import { describe, expect, it } from "vitest";
import { storageErrorText } from "./error-text";

describe("storageErrorText", () => {
  it("explains Storage's errors in Chinese", () => {
    expect(storageErrorText({ statusCode: "413", message: "The object exceeded the maximum allowed size" })).toBe(
      "文件超过了存储桶允许的大小上限",
    );
    expect(storageErrorText({ statusCode: "415", message: "mime type text/plain is not supported" })).toBe("存储桶不接受这种文件类型");
    expect(storageErrorText({ statusCode: "409", message: "The resource already exists" })).toBe("同名文件已存在，请换一个名字");
    expect(storageErrorText({ statusCode: "404", message: "Object not found" })).toBe("文件不存在或已被删除");
    expect(storageErrorText({ statusCode: "404", message: "Bucket not found" })).toBe("存储桶不存在");
    expect(storageErrorText({ statusCode: "403", message: "new row violates row-level security policy" })).toBe("没有权限执行这个操作");
    expect(storageErrorText({ statusCode: "400", message: "Invalid key: a\\b" })).toBe("文件名或路径不受支持");
    expect(storageErrorText({ name: "StorageUnknownError", message: "Failed to fetch" })).toBe("网络连接失败，请检查网络后重试");
    expect(storageErrorText(null)).toBe("操作失败，请稍后重试");
  });
});
