import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { FakeTencentModeration } from "../testing/fake-moderation-servers";
import { providerFromEnv } from "./registry";
import { parseEntry, type WordEntry } from "./words/entries";
import { WordMatcher } from "./words/matcher";
import type { WordListCache } from "./words/store";

// MODERATION_PROVIDER picks the provider; the built-in list always answers first, so the cloud is asked
// only about what the list let through. A cloud provider without its keys is a configuration error.
const fake = new FakeTencentModeration();
let endpoint: string;
beforeAll(async () => {
  endpoint = await fake.start();
});
afterAll(() => fake.stop());

const list = { matcher: async () => new WordMatcher([parseEntry("本地词") as WordEntry]) } as unknown as WordListCache;
const context = { userId: "00000000-0000-4000-8000-000000000001", appid: "demo-chat", stage: "answer" as const };

describe("providerFromEnv", () => {
  it("refuses a cloud provider without its key pair", () => {
    expect(() => parseEnv({ MODERATION_PROVIDER: "aliyun" })).toThrow(/MODERATION_ACCESS_KEY_ID/);
    expect(() => parseEnv({ MODERATION_PROVIDER: "baidu" })).toThrow(/words、aliyun 或 tencent/);
    expect(parseEnv({}).MODERATION_PROVIDER).toBe("words");
  });

  it("asks the list first and the cloud only about what the list let through", async () => {
    const env = parseEnv({ MODERATION_PROVIDER: "tencent", MODERATION_ACCESS_KEY_ID: fake.secretId, MODERATION_ACCESS_KEY_SECRET: fake.secretKey, MODERATION_ENDPOINT: endpoint });
    const provider = providerFromEnv(env, list);
    expect(provider.name).toBe("tencent");
    expect(await provider.checkText("这里有本地词", context)).toMatchObject({ flagged: true, label: "词表：本地词" });
    expect(fake.texts).toEqual([]);
    expect(await provider.checkText("这里有违禁测试", context)).toMatchObject({ flagged: true, label: "Illegal" });
    expect(await provider.checkText("普通的话", context)).toEqual({ flagged: false });
    expect(fake.texts).toEqual(["这里有违禁测试", "普通的话"]);
  });
});
