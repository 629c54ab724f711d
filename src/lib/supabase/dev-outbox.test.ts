import { describe, expect, it, vi } from "vitest";

// A hosted project's mails are not ours to show: the dev outbox does not exist in hosted mode, even
// with DEV_OUTBOX=on, unless DEV_OUTBOX_URL names standalone embedded services.
vi.stubEnv("SITE_URL", "http://localhost:3000");
vi.stubEnv("SUPABASE_URL", "https://project.supabase.example");
vi.stubEnv("SUPABASE_ANON_KEY", "anon-key");
vi.stubEnv("SUPABASE_SERVICE_ROLE_KEY", "service-key");
vi.stubEnv("DEV_OUTBOX", "on");
vi.stubEnv("DEV_OUTBOX_URL", "");

const { default: DevOutboxPage } = await import("@/app/dev/outbox/page");
const { GET } = await import("@/app/api/dev/outbox/route");
const { NextRequest } = await import("next/server");

describe("/dev/outbox in hosted mode", () => {
  it("is a 404 page", async () => {
    await expect(DevOutboxPage()).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
  });

  it("answers 404 as JSON at /api/dev/outbox", async () => {
    const response = await GET(new NextRequest("http://localhost:3000/api/dev/outbox"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: "开发发件箱未启用" });
  });
});
