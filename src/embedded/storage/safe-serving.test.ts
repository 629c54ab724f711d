// Hostile uploads (HTML, SVG, XML, JS, a GIF+HTML polyglot) fetched by every kind of object URL: none may
// be rendered by a browser as a document on our origin (issue 13, finding 1).
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, STORAGE_URL, type StorageTestbed } from "./test-kit";

const SCRIPT = "<script>document.title = document.cookie</script>";
const HOSTILE_FILES = [
  { name: "page.html", type: "text/html", body: `<!doctype html><html><body>${SCRIPT}</body></html>` },
  {
    name: "image.svg",
    type: "image/svg+xml",
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.title = document.cookie</script></svg>`,
  },
  {
    name: "doc.xml",
    type: "application/xml",
    body: `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body>${SCRIPT}</body></html>`,
  },
  { name: "code.js", type: "text/javascript", body: "document.title = document.cookie" },
  { name: "mystery.bin", type: "application/x-unknown", body: `<html>${SCRIPT}</html>` },
  // A GIF header followed by HTML: a sniffing browser could take it for a page.
  { name: "poly.gif", type: "image/gif", body: `GIF89a/*<html>${SCRIPT}</html>*/` },
] as const;

let bed: StorageTestbed;
beforeAll(async () => {
  bed = await startStorageTestbed();
  // A public bucket without a MIME allow-list, so HTML can reach the public URL too.
  const { error } = await bed.service.storage.createBucket("open", { public: true });
  if (error) throw error;
  for (const file of HOSTILE_FILES) {
    for (const bucket of ["files", "open", "avatars"]) {
      const upload = await bed.userA.storage
        .from(bucket)
        .upload(`${bed.idA}/${file.name}`, new Blob([file.body], { type: file.type }), { contentType: file.type });
      // avatars only takes image/*: what it refuses cannot be served from it.
      if (upload.error && !(bucket === "avatars" && !file.type.startsWith("image/"))) throw upload.error;
    }
  }
});
afterAll(() => bed.close());

async function objectUrls(bucket: string, key: string): Promise<string[]> {
  const client = bed.userA.storage.from(bucket);
  const signed = await client.createSignedUrl(key, 60);
  if (signed.error) throw signed.error;
  const urls = [signed.data.signedUrl, `${STORAGE_URL}/storage/v1/object/authenticated/${bucket}/${key}`];
  if (bucket !== "files") urls.push(client.getPublicUrl(key).data.publicUrl);
  return urls;
}

function assertNotActive(response: Response, url: string): void {
  expect(response.status, url).toBe(200);
  expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp, url).toContain("default-src 'none'");
  expect(csp, url).toContain("sandbox");
}

describe("serving user files safely", () => {
  for (const file of HOSTILE_FILES) {
    it(`serves ${file.name} by every URL as a download (or an inert image) with nosniff and a sandbox CSP`, async () => {
      const token = await bed.sign({ role: "authenticated", sub: bed.idA });
      for (const bucket of ["files", "open", "avatars"]) {
        const key = `${bed.idA}/${file.name}`;
        if ((await bed.service.storage.from(bucket).exists(key)).data !== true) continue;
        for (const url of await objectUrls(bucket, key)) {
          const response = await bed.root.fetch(new Request(url, { headers: { Authorization: `Bearer ${token}` } }));
          assertNotActive(response, url);
          const disposition = response.headers.get("content-disposition") ?? "";
          if (file.type === "image/gif") expect(disposition, url).not.toMatch(/^attachment/);
          else expect(disposition, url).toMatch(/^attachment/);
        }
      }
    });
  }

  it("keeps raster images inline and marks transformed images inert", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#123456" } }).png().toBuffer();
    const key = `${bed.idA}/face.png`;
    await bed.userA.storage.from("avatars").upload(key, png, { contentType: "image/png" });
    const plain = await bed.root.fetch(new Request(bed.anon.storage.from("avatars").getPublicUrl(key).data.publicUrl));
    assertNotActive(plain, "public png");
    expect(plain.headers.get("content-disposition")).toBeNull();
    expect(plain.headers.get("content-type")).toBe("image/png");

    const rendered = bed.anon.storage.from("avatars").getPublicUrl(key, { transform: { width: 10, height: 10 } });
    assertNotActive(await bed.root.fetch(new Request(rendered.data.publicUrl)), "render png");
    // An SVG rendered through the transformer comes out as a raster image, still with the headers.
    const svg = bed.anon.storage.from("avatars").getPublicUrl(`${bed.idA}/image.svg`, { transform: { width: 10 } });
    const svgResponse = await bed.root.fetch(new Request(svg.data.publicUrl));
    assertNotActive(svgResponse, "render svg");
    expect(svgResponse.headers.get("content-type")).toMatch(/^image\/(png|webp|jpeg)/);
    const signed = await bed.userA.storage.from("avatars").createSignedUrl(key, 60, { transform: { width: 10 } });
    assertNotActive(await bed.root.fetch(new Request(signed.data!.signedUrl)), "render signed");
  });

  it("serves an image-typed object with HTML inside as an image that cannot be sniffed", async () => {
    const key = `${bed.idA}/liar.png`;
    const upload = await bed.userA.storage
      .from("avatars")
      .upload(key, new Blob([`<html>${SCRIPT}</html>`], { type: "image/png" }), { contentType: "image/png" });
    expect(upload.error).toBeNull();
    const response = await bed.root.fetch(new Request(bed.anon.storage.from("avatars").getPublicUrl(key).data.publicUrl));
    assertNotActive(response, "liar png");
    expect(response.headers.get("content-type")).toBe("image/png");
  });
});
