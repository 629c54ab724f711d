import { describe, expect, it } from "vitest";
// Samples live in a JSON file: written here, their import lines would make this very file a service test.
import samples from "./fixtures/test-kinds-samples.json";
import { kindOfTest, startsServices, testFilesOfKind } from "./test-kinds";

describe("test kinds (which Vitest project a file runs in)", () => {
  it.each(samples.service)("sends a file that starts services or databases to the service project: %s", (source) => {
    expect(startsServices(source)).toBe(true);
  });

  it.each(samples.unit)("keeps a pure test in the unit project: %s", (source) => {
    expect(startsServices(source)).toBe(false);
  });

  it.each(samples.isolated)("runs a pure test that replaces modules, env or globals isolated: %s", (source) => {
    expect(kindOfTest(source)).toBe("unit-isolated");
  });

  it("puts every test file in exactly one project", () => {
    const root = new URL("..", import.meta.url).pathname;
    const unit = testFilesOfKind(root, "unit");
    const isolated = testFilesOfKind(root, "unit-isolated");
    const service = testFilesOfKind(root, "service");
    const serviceIsolated = testFilesOfKind(root, "service-isolated");
    expect(unit).toContain("test/test-kinds.test.ts");
    expect(isolated).toContain("src/lib/secure-cookies-site-url.test.ts");
    expect(service).toContain("src/embedded/auth/auth.session.test.ts");
    expect(serviceIsolated).toContain("src/lib/db/client.test.ts");
    const all = [...unit, ...isolated, ...service, ...serviceIsolated];
    expect(new Set(all).size).toBe(all.length);
  });
});
