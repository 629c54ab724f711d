import { describe, expect, it } from "vitest";
// Samples live in a JSON file: written here, their import lines would make this very file a service test.
import samples from "./fixtures/test-kinds-samples.json";
import { startsServices, testFilesOfKind } from "./test-kinds";

describe("test kinds (which Vitest project a file runs in)", () => {
  it.each(samples.service)("sends a file that starts services or databases to the service project: %s", (source) => {
    expect(startsServices(source)).toBe(true);
  });

  it.each(samples.unit)("keeps a pure test in the unit project: %s", (source) => {
    expect(startsServices(source)).toBe(false);
  });

  it("puts every test file in exactly one project", () => {
    const root = new URL("..", import.meta.url).pathname;
    const unit = testFilesOfKind(root, "unit");
    const service = testFilesOfKind(root, "service");
    expect(unit).toContain("test/test-kinds.test.ts");
    expect(service).toContain("src/lib/db/client.test.ts");
    expect(unit.filter((file) => service.includes(file))).toEqual([]);
  });
});
