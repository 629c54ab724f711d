import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Source and content files whose text users read (tests may quote anything). */
function userFacingFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|mdx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the product's voice", () => {
  it("addresses users as 您 everywhere, as the spec's toasts do", () => {
    const root = path.resolve(__dirname, "..");
    const offending = ["src", "content"]
      .flatMap((dir) => userFacingFiles(path.join(root, dir)))
      .filter((file) => readFileSync(file, "utf8").includes("你"))
      .map((file) => path.relative(root, file));
    expect(offending).toEqual([]);
  });
});
