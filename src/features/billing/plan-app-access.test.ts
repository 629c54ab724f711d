import { describe, expect, it } from "vitest";
import { EVERY_APP, planCoversApp } from "./plans";

describe("planCoversApp", () => {
  it("covers every app, only the listed ones, or all but the listed ones", () => {
    expect(planCoversApp(EVERY_APP, "demo-chat")).toBe(true);
    expect(planCoversApp({ mode: "only", apps: ["demo-chat"] }, "demo-chat")).toBe(true);
    expect(planCoversApp({ mode: "only", apps: ["demo-chat"] }, "demo-model")).toBe(false);
    expect(planCoversApp({ mode: "except", apps: ["demo-model"] }, "demo-model")).toBe(false);
    expect(planCoversApp({ mode: "except", apps: ["demo-model"] }, "demo-chat")).toBe(true);
  });
});
