import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
let key: string;
beforeAll(async () => {
  bed = await startStorageTestbed();
  key = `${bed.idA}/photo.png`;
  const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#e25822" } }).png().toBuffer();
  const { error } = await bed.userA.storage.from("avatars").upload(key, png, { contentType: "image/png" });
  if (error) throw error;
});
afterAll(() => bed.close());

async function render(url: string, accept?: string) {
  const response = await bed.root.fetch(new Request(url, { headers: accept ? { Accept: accept } : {} }));
  expect(response.status).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  return { response, meta: await sharp(body).metadata() };
}

describe("image transforms", () => {
  it("resizes public images with cover, contain and fill", async () => {
    const avatars = bed.anon.storage.from("avatars");
    const cover = await render(avatars.getPublicUrl(key, { transform: { width: 100, height: 100 } }).data.publicUrl);
    expect([cover.meta.width, cover.meta.height, cover.meta.format]).toEqual([100, 100, "png"]);
    expect(cover.response.headers.get("x-transformations")).toBe("height:100,width:100,resizing_type:fill");

    const contain = await render(
      avatars.getPublicUrl(key, { transform: { width: 100, height: 100, resize: "contain" } }).data.publicUrl,
    );
    expect([contain.meta.width, contain.meta.height]).toEqual([100, 50]);

    const fill = await render(
      avatars.getPublicUrl(key, { transform: { width: 100, height: 100, resize: "fill", quality: 60, format: "origin" } })
        .data.publicUrl,
    );
    expect([fill.meta.width, fill.meta.height]).toEqual([100, 100]);
    expect(fill.response.headers.get("x-transformations")).toBe("height:100,width:100,resizing_type:force,quality:60");
  });

  it("converts formats explicitly or by Accept", async () => {
    const url = bed.anon.storage.from("avatars").getPublicUrl(key, { transform: { width: 50 } }).data.publicUrl;
    const webp = await render(url, "image/webp,*/*");
    expect(webp.meta.format).toBe("webp");
    expect(webp.response.headers.get("content-type")).toBe("image/webp");
    expect(webp.meta.width).toBe(50);
    // storage-js types only know `format: "origin"`; the API also takes avif and webp.
    expect((await render(`${url}&format=avif`)).meta.format).toBe("heif");
  });

  it("renders through authenticated downloads and signed URLs", async () => {
    const { data } = await bed.userA.storage.from("avatars").download(key, { transform: { width: 80, height: 80 } });
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([80, 80]);

    const signed = await bed.userA.storage
      .from("avatars")
      .createSignedUrl(key, 60, { transform: { width: 200, height: 200, resize: "fill", quality: 60 } });
    expect(signed.data!.signedUrl).toContain("/render/image/sign/avatars/");
    const viaToken = await render(signed.data!.signedUrl);
    expect([viaToken.meta.width, viaToken.meta.height]).toEqual([200, 200]);
    expect(viaToken.response.headers.get("x-transformations")).toBe("height:200,width:200,resizing_type:force,quality:60");
  });

  it("decides by the bytes: an image stored as text/plain transforms, text stored as image/png does not", async () => {
    const files = bed.userA.storage.from("files");
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#123456" } }).png().toBuffer();
    // storage-js uploads a Buffer without a content type as text/plain.
    expect((await files.upload(`${bed.idA}/as-text`, png, { contentType: "text/plain" })).error).toBeNull();
    const { data, error } = await files.download(`${bed.idA}/as-text`, { transform: { width: 10, height: 10 } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([10, 10, "png"]);

    expect((await files.upload(`${bed.idA}/fake.png`, "not an image", { contentType: "image/png" })).error).toBeNull();
    const fake = await files.download(`${bed.idA}/fake.png`, { transform: { width: 10 } });
    expect(fake.error).toMatchObject({ statusCode: "400" });
  });

  it("refuses bad parameters and private images on the public route", async () => {
    const bad = await bed.fetch(`/render/image/public/avatars/${key}?resize=stretch`);
    expect(await bad.json()).toMatchObject({ statusCode: "400" });
    const privateRoute = await bed.fetch(`/render/image/public/files/${key}?width=10`);
    expect(await privateRoute.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });
});
