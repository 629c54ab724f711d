import { describe, expect, it } from "vitest";
import { describeAllowedTypes, describeSizeLimit, effectiveType, isImageType, mimeAllowed, uploadProblem } from "./limits";
import { bucketDisplayName } from "./bucket-names";

const avatars = { name: "avatars", public: true, file_size_limit: 2 * 1024 * 1024, allowed_mime_types: ["image/*"] };
const files = { name: "files", public: false, file_size_limit: null, allowed_mime_types: null };

describe("bucket limits", () => {
  it("matches content types against allowed patterns like Storage does", () => {
    expect(mimeAllowed("image/png", ["image/*"])).toBe(true);
    expect(mimeAllowed("IMAGE/PNG; charset=x", ["image/png"])).toBe(true);
    expect(mimeAllowed("text/plain", ["image/*", "application/pdf"])).toBe(false);
    expect(mimeAllowed("text/plain", null)).toBe(true);
    expect(mimeAllowed("text/plain", [])).toBe(true);
    expect(effectiveType({ type: "" })).toBe("application/octet-stream");
  });

  it("explains too-large and wrong-type files in Chinese before uploading", () => {
    expect(uploadProblem({ name: "big.png", size: 3 * 1024 * 1024, type: "image/png" }, avatars)).toBe(
      "“big.png”有 3 MB，超过了存储桶“头像”的上限（2 MB）",
    );
    expect(uploadProblem({ name: "notes.txt", size: 10, type: "text/plain" }, avatars)).toBe(
      "“notes.txt”的类型（text/plain）不被接受，存储桶“头像”只接受图片",
    );
    expect(uploadProblem({ name: "blob", size: 10, type: "" }, avatars)).toContain("（未知类型）");
    expect(uploadProblem({ name: "ok.png", size: 2 * 1024 * 1024, type: "image/png" }, avatars)).toBeNull();
    expect(uploadProblem({ name: "any.bin", size: 10 ** 9, type: "" }, files)).toBeNull();
  });

  it("describes a bucket's rules", () => {
    expect(describeSizeLimit(2 * 1024 * 1024)).toBe("单个文件最多 2 MB");
    expect(describeSizeLimit(null)).toBe("不限单个文件大小");
    expect(describeAllowedTypes(["image/*", "application/pdf", "font/woff2"])).toBe("图片、PDF、font/woff2");
    expect(describeAllowedTypes(null)).toBe("任意类型");
  });

  it("knows which files can be shown as thumbnails", () => {
    expect(isImageType("image/jpeg")).toBe(true);
    expect(isImageType("image/tiff")).toBe(false);
    expect(isImageType(null)).toBe(false);
  });
});

describe("bucketDisplayName", () => {
  it("names the shared buckets in Chinese and keeps a user's own bucket's name", () => {
    expect(bucketDisplayName({ id: "files", name: "files" })).toBe("我的文件");
    expect(bucketDisplayName({ id: "avatars", name: "avatars" })).toBe("头像");
    expect(bucketDisplayName({ name: "avatars" })).toBe("头像");
    expect(bucketDisplayName({ id: "my-photos", name: "my-photos" })).toBe("my-photos");
  });
});
