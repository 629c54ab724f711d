import { describe, expect, it } from "vitest";
import { siteOriginFor } from "./site-origin";

const development = { NODE_ENV: "development" };

describe("siteOriginFor", () => {
  it("follows the port the developer opened when SITE_URL is unset", () => {
    expect(siteOriginFor("localhost:3001", development)).toBe("http://localhost:3001");
    expect(siteOriginFor("127.0.0.1:4000", development)).toBe("http://127.0.0.1:4000");
    expect(siteOriginFor("[::1]:3002", development)).toBe("http://[::1]:3002");
  });

  it("never lets another Host header steer links", () => {
    expect(siteOriginFor("evil.example", development)).toBe("http://localhost:3000");
    expect(siteOriginFor("localhost.evil.example:3000", development)).toBe("http://localhost:3000");
    expect(siteOriginFor("localhost@evil.example", development)).toBe("http://localhost:3000");
  });

  it("uses SITE_URL when it is set, and always in production", () => {
    expect(siteOriginFor("localhost:3001", { ...development, SITE_URL: "https://spark.example.com/" })).toBe("https://spark.example.com");
    expect(siteOriginFor("localhost:3001", { NODE_ENV: "production" })).toBe("http://localhost:3000");
  });
});
