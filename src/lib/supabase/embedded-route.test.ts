import { rmSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";

vi.mock("server-only", () => ({}));
const dataDir = stubEmbeddedAppEnv("embedded-route");
const { answerEmbeddedServiceRequest } = await import("./embedded-route");
const { closeDatabase } = await import("@/lib/db");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** The /auth/v1 mount's own headers (the service's answers themselves are tested in src/embedded/auth). */
describe("answerEmbeddedServiceRequest", () => {
  it("marks auth answers private, not stored and not to be compressed", async () => {
    const response = await answerEmbeddedServiceRequest(new Request("http://localhost/auth/v1/health"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store, no-transform");
  });
});
