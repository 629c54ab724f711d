import { describe, expect, it } from "vitest";
import { multipartBoundary, readMultipart } from "./multipart";

async function encode(form: FormData): Promise<{ bytes: Buffer; boundary: string }> {
  const request = new Request("http://x", { method: "POST", body: form });
  const boundary = multipartBoundary(request.headers.get("content-type") ?? undefined)!;
  return { bytes: Buffer.from(await request.arrayBuffer()), boundary };
}

async function* chunked(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function parse(bytes: Buffer, boundary: string, chunkSize: number) {
  const parts: { name: string; filename?: string; type?: string; data: Buffer }[] = [];
  let chunks: Buffer[] = [];
  for await (const event of readMultipart(chunked(bytes, chunkSize), boundary)) {
    if (event.kind === "part") {
      chunks = [];
      parts.push({ name: event.name, filename: event.filename, type: event.contentType, data: Buffer.alloc(0) });
    } else if (event.kind === "data") chunks.push(event.chunk);
    else parts.at(-1)!.data = Buffer.concat(chunks);
  }
  return parts;
}

describe("readMultipart", () => {
  const file = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256));
  // Bytes that look like a boundary start must survive inside the data.
  const tricky = Buffer.concat([Buffer.from("\r\n--\r\n-"), file]);

  it.each([1, 2, 7, 64, 4096, 1 << 20])("parses fields and files split into %i-byte chunks", async (size) => {
    const form = new FormData();
    form.append("cacheControl", "3600");
    form.append("", new Blob([tricky], { type: "image/png" }), "pic.png");
    form.append("metadata", '{"a":"中文"}');
    const { bytes, boundary } = await encode(form);
    const parts = await parse(bytes, boundary, size);
    expect(parts.map((p) => [p.name, p.filename, p.type])).toEqual([
      ["cacheControl", undefined, undefined],
      ["", "pic.png", "image/png"],
      ["metadata", undefined, undefined],
    ]);
    expect(parts[0]!.data.toString()).toBe("3600");
    expect(parts[1]!.data.equals(tricky)).toBe(true);
    expect(parts[2]!.data.toString()).toBe('{"a":"中文"}');
  });

  it("rejects a truncated body", async () => {
    const form = new FormData();
    form.append("f", new Blob(["abc"]), "f.txt");
    const { bytes, boundary } = await encode(form);
    await expect(parse(bytes.subarray(0, bytes.length - 10), boundary, 8)).rejects.toMatchObject({ code: "InvalidRequest" });
  });

  it("reads the boundary from the content type", () => {
    expect(multipartBoundary('multipart/form-data; boundary="abc def"')).toBe("abc def");
    expect(multipartBoundary("multipart/form-data; boundary=xyz")).toBe("xyz");
    expect(multipartBoundary("text/plain")).toBeUndefined();
  });
});
