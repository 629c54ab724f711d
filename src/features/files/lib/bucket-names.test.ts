import { describe, expect, it } from "vitest";
import { bucketDisplayName } from "./bucket-names";

describe("bucketDisplayName", () => {
  it("names the app's shared buckets in Chinese, the knowledge feature's too", () => {
    expect(bucketDisplayName({ id: "files", name: "files" })).toBe("我的文件");
    expect(bucketDisplayName({ id: "avatars", name: "avatars" })).toBe("头像");
    expect(bucketDisplayName({ id: "knowledge-documents", name: "knowledge-documents" })).toBe("知识库文档");
  });

  it("keeps a user's own bucket's name", () => {
    expect(bucketDisplayName({ id: "b-1", name: "旅行照片" })).toBe("旅行照片");
    expect(bucketDisplayName({ name: "photos" })).toBe("photos");
  });
});
