import { describe, expect, it } from "vitest";
import { listShowcaseApps } from "./ai-apps-source";

describe("the AI apps shown on / and /ai", () => {
  it("are the registry's apps with public fields only (the embedded demo apps and the demo model app when nothing is configured)", () => {
    const apps = listShowcaseApps();
    expect(apps.map((app) => app.appid).sort()).toEqual(["demo-agent", "demo-chat", "demo-chatflow", "demo-completion", "demo-model", "demo-workflow"]);
    for (const app of apps) expect(Object.keys(app).sort()).toEqual(["appid", "description", "icon", "kind", "name"]);
  });
});
