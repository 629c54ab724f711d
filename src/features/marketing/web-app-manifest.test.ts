import { describe, expect, it } from "vitest";
import { GET } from "@/app/app-icons/[name]/route";
import manifest from "@/app/manifest";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("the web app manifest (issue 38 item 13)", () => {
  it("names the app in Chinese, opens standalone on the dashboard and lists PNG icons a phone accepts", () => {
    const answer = manifest();
    expect(answer).toMatchObject({ name: "思维火花", short_name: "思维火花", lang: "zh-CN", start_url: "/dashboard", display: "standalone", scope: "/" });
    const icons = answer.icons ?? [];
    expect(icons.filter((icon) => icon.type === "image/png").map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
  });

  it("every listed PNG icon is drawn at its stated size; other names are not found", async () => {
    for (const icon of manifest().icons ?? []) {
      if (icon.type !== "image/png") continue;
      const name = icon.src.replace("/app-icons/", "");
      const response = await GET(new Request(`http://localhost${icon.src}`), { params: Promise.resolve({ name }) });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const [width] = (icon.sizes ?? "").split("x").map(Number);
      expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width, height: width });
    }
    const missing = await GET(new Request("http://localhost/app-icons/64"), { params: Promise.resolve({ name: "64" }) });
    expect(missing.status).toBe(404);
  });
});
