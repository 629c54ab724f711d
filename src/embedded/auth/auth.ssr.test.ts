import { createServerClient } from "@supabase/ssr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHarness, NoWebSocket, TEST_URL, type AuthHarness } from "./test-harness";

describe("@supabase/ssr against the embedded auth", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { autoconfirm: true });
  });
  afterAll(() => h.close());

  it("stores a large session in chunked cookies and reads it back", async () => {
    const jar = new Map<string, string>();
    const cookies = {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (items: { name: string; value: string }[]) => {
        for (const { name, value } of items) {
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
      },
    };
    const make = () => createServerClient(TEST_URL, h.service.keys.anonKey, { cookies, global: { fetch: h.fetch }, realtime: { transport: NoWebSocket as never } });
    const supabase = make();
    const bio = "很长的简介".repeat(700);
    const { error } = await supabase.auth.signUp({ email: "ssr@example.com", password: "secret123", options: { data: { bio } } });
    expect(error).toBeNull();
    const names = [...jar.keys()];
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((name) => /^sb-auth-auth-token\.\d+$/.test(name))).toBe(true);
    expect([...jar.values()].every((value) => value.length <= 3180)).toBe(true);
    const again = make();
    const { data } = await again.auth.getUser();
    expect(data.user?.user_metadata.bio).toBe(bio);
  });
});
