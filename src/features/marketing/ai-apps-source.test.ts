import { afterEach, describe, expect, it, vi } from "vitest";
import { listShowcaseApps } from "./ai-apps-source";

describe("the AI apps shown on / and /ai", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("are the configured apps with public fields only while the build prerenders (the embedded demo apps and the demo model app when nothing is configured)", async () => {
    vi.stubEnv("NEXT_PHASE", "phase-production-build");
    const apps = await listShowcaseApps();
    expect(apps.map((app) => app.appid).sort()).toEqual(["demo-agent", "demo-chat", "demo-chatflow", "demo-completion", "demo-model", "demo-workflow"]);
    for (const app of apps) expect(Object.keys(app).sort()).toEqual(["appid", "description", "icon", "kind", "name"]);
  });
});
