import { describe, expect, it } from "vitest";
import { onStorageOrigin } from "./storage-origin";

describe("onStorageOrigin", () => {
  const site = "https://app.example.com/storage/v1";
  it("moves public, signed and render URLs onto the storage origin", () => {
    const storage = "https://files.example-usercontent.com/";
    expect(onStorageOrigin(`${site}/object/public/avatars/u/a.png`, storage)).toBe(
      "https://files.example-usercontent.com/storage/v1/object/public/avatars/u/a.png",
    );
    expect(onStorageOrigin(`${site}/object/sign/files/u/a.html?token=t&download=`, storage)).toBe(
      "https://files.example-usercontent.com/storage/v1/object/sign/files/u/a.html?token=t&download=",
    );
    expect(onStorageOrigin(`${site}/render/image/public/avatars/u/a.png?width=8`, storage)).toBe(
      "https://files.example-usercontent.com/storage/v1/render/image/public/avatars/u/a.png?width=8",
    );
  });

  it("leaves URLs alone without a storage origin or for API calls", () => {
    expect(onStorageOrigin(`${site}/object/public/avatars/a.png`, null)).toBe(`${site}/object/public/avatars/a.png`);
    expect(onStorageOrigin(`${site}/object/list/files`, "https://files.test")).toBe(`${site}/object/list/files`);
  });
});
