import { describe, expect, it } from "vitest";
import { bucketOptions, checkBucketSettings, settingsOf } from "./bucket-settings";

const input = { name: "my-docs", isPublic: false, sizeLimitMb: "5", mimeTypes: "image/*, application/pdf" };

describe("bucket settings", () => {
  it("turns the form into storage-js options", () => {
    expect(checkBucketSettings(input, true)).toEqual({});
    expect(bucketOptions(input)).toEqual({ public: false, fileSizeLimit: 5 * 1024 * 1024, allowedMimeTypes: ["image/*", "application/pdf"] });
    expect(bucketOptions({ ...input, sizeLimitMb: "", mimeTypes: " " })).toMatchObject({ fileSizeLimit: null, allowedMimeTypes: null });
  });

  it("explains bad names, sizes and types in Chinese", () => {
    const problems = checkBucketSettings({ name: "My Docs", isPublic: true, sizeLimitMb: "500", mimeTypes: "image" }, true);
    expect(Object.keys(problems).sort()).toEqual(["mimeTypes", "name", "sizeLimitMb"]);
    expect(problems.mimeTypes).toContain("image");
  });

  it("round-trips an existing bucket's settings", () => {
    const bucket = { name: "x", public: true, file_size_limit: 2 * 1024 * 1024, allowed_mime_types: ["text/*"] };
    expect(bucketOptions(settingsOf(bucket))).toEqual({ public: true, fileSizeLimit: 2 * 1024 * 1024, allowedMimeTypes: ["text/*"] });
  });
});
