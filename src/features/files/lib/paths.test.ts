import { describe, expect, it } from "vitest";
import { breadcrumbsOf, childKey, displayNameOf, displayPathOf, folderKey, keyForName, keyForTypedPath } from "./paths";

const userId = "3f1c2a9e-0000-4000-8000-000000000001";

describe("paths", () => {
  it("builds keys inside the user's folder", () => {
    const location = { userId, segments: ["photos", "!E7!8C!AB"] };
    expect(folderKey({ userId, segments: [] })).toBe(userId);
    expect(folderKey(location)).toBe(`${userId}/photos/!E7!8C!AB`);
    expect(childKey(location, "a.png")).toBe(`${userId}/photos/!E7!8C!AB/a.png`);
    expect(keyForName(location, " 猫.png ")).toBe(`${userId}/photos/!E7!8C!AB/!E7!8C!AB.png`);
  });

  it("shows paths and names decoded, without the user id", () => {
    expect(displayPathOf(userId, `${userId}/photos/!E7!8C!AB.png`)).toBe("photos/猫.png");
    expect(displayNameOf(`${userId}/photos/!E7!8C!AB.png`)).toBe("猫.png");
  });

  it("makes breadcrumbs from the root down", () => {
    expect(breadcrumbsOf({ userId, segments: ["a", "!E5!9B!BE"] })).toEqual([
      { label: "全部文件", segments: [] },
      { label: "a", segments: ["a"] },
      { label: "图", segments: ["a", "!E5!9B!BE"] },
    ]);
  });

  it("turns a typed path into a key, or explains why not", () => {
    expect(keyForTypedPath(userId, " /归档/ 报告.pdf/ ")).toEqual({ ok: true, key: `${userId}/!E5!BD!92!E6!A1!A3/!E6!8A!A5!E5!91!8A.pdf` });
    expect(keyForTypedPath(userId, "///")).toEqual({ ok: false, message: "请输入新的路径" });
    expect(keyForTypedPath(userId, "a/../b")).toEqual({ ok: false, message: "名称不能是“.”或“..”" });
    expect(keyForTypedPath(userId, Array.from({ length: 20 }, () => "文件夹".repeat(5)).join("/"))).toEqual({
      ok: false,
      message: "路径太长了，请缩短一些",
    });
  });
});
