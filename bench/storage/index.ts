import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { jwtVerify, SignJWT } from "jose";
import { openDatabase } from "../../src/lib/db/open";
import { createStorageService } from "../../src/embedded/storage/index";

const SIZE = 50 * 1000 * 1000; // 50 MB, just under the service's default 50 MiB limit
const RUNS = 3;
const MB = 1000 * 1000;

async function best(run: () => Promise<void>): Promise<number> {
  await run(); // warm-up
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    fastest = Math.min(fastest, (performance.now() - started) / 1000);
  }
  return SIZE / MB / fastest;
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/**
 * Throughput of a 50 MB object through the embedded storage service over loopback HTTP, against
 * writing / reading the same bytes on disk directly (the floor the service streams to and from).
 */
export default async function storageBenchmark() {
  const workDir = await mkdtemp(path.join(tmpdir(), "storage-bench-"));
  const handle = await openDatabase({ kind: "pglite" });
  const secret = new TextEncoder().encode("bench-secret-with-at-least-32-characters!");
  const { app } = await createStorageService({
    db: handle.db,
    rootDir: path.join(workDir, "storage"),
    signingSecret: "bench-signing-secret-with-at-least-32-chars",
    verifyAccessToken: async (jwt) => {
      const { payload } = await jwtVerify(jwt, secret);
      return { ...payload, role: String(payload.role) };
    },
  });
  const root = new Hono().route("/storage/v1", app);
  const server = serve({ fetch: root.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/storage/v1`;
  const token = await new SignJWT({ role: "service_role" }).setProtectedHeader({ alg: "HS256" }).sign(secret);
  const auth = { Authorization: `Bearer ${token}`, apikey: token };

  const source = path.join(workDir, "source.bin");
  const copy = path.join(workDir, "copy.bin");
  const bytes = Buffer.alloc(SIZE);
  for (let i = 0; i < SIZE; i += 4096) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
  await writeFile(source, bytes);

  try {
    const diskWrite = await best(() => pipeline(createReadStream(source), createWriteStream(copy)));
    const diskRead = await best(() => pipeline(createReadStream(copy), discard()));

    const upload = await best(async () => {
      const response = await fetch(`${base}/object/files/bench/50mb.bin`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/octet-stream", "x-upsert": "true", "content-length": String(SIZE) },
        body: Readable.toWeb(createReadStream(source)) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit);
      if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    });
    const download = await best(async () => {
      const response = await fetch(`${base}/object/authenticated/files/bench/50mb.bin`, { headers: auth });
      if (!response.ok || !response.body) throw new Error(`download failed: ${response.status}`);
      await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), discard());
    });

    const line = (name: string, mbps: number) => console.log(`${name.padEnd(40)} ${mbps.toFixed(0).padStart(6)} MB/s`);
    line("disk write (copy file, stream)", diskWrite);
    line("upload through service (HTTP, 50 MB)", upload);
    line("disk read (stream)", diskRead);
    line("download through service (HTTP, 50 MB)", download);
    console.log(`ratio  upload / disk write:   ${(upload / diskWrite).toFixed(2)}`);
    console.log(`ratio  download / disk read:  ${(download / diskRead).toFixed(2)}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
