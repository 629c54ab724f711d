import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { measureFirstLoadJs, scriptSources } from "./first-load-js";

describe("first-load JS", () => {
  it("sums the gzip size of each distinct Next chunk the HTML loads", () => {
    const build = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
    mkdirSync(path.join(build, "static", "chunks"), { recursive: true });
    const a = "console.log('a');".repeat(100);
    const b = "console.log('b');".repeat(50);
    writeFileSync(path.join(build, "static", "chunks", "a.js"), a);
    writeFileSync(path.join(build, "static", "chunks", "b.js"), b);
    const html = `<script src="/_next/static/chunks/a.js?dpl=x" async=""></script><script src="/_next/static/chunks/b.js"></script>
      <script src="/_next/static/chunks/a.js"></script><script src="https://cdn.example.com/x.js"></script><script src="/_next/static/chunks/polyfills.js" noModule=""></script><script>self.__next_f.push([1,"x"])</script>`;
    expect(scriptSources(html)).toHaveLength(3);
    const result = measureFirstLoadJs(html, build);
    expect(result.scripts).toBe(2);
    expect(result.rawBytes).toBe(a.length + b.length);
    expect(result.gzipBytes).toBe(gzipSync(a, { level: 9 }).length + gzipSync(b, { level: 9 }).length);
    expect(result.inlineGzipBytes).toBeGreaterThan(0);
    expect(result.chunks.map((chunk) => chunk.file)).toEqual(["chunks/a.js", "chunks/b.js"]);
  });
});
