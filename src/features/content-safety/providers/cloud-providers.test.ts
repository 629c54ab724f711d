import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChecker } from "../server/checker";
import { FakeAliyunModeration, FakeTencentModeration } from "../testing/fake-moderation-servers";
import type { ModerationProvider } from "../types";
import { createAliyunProvider } from "./aliyun/provider";
import { createTencentProvider } from "./tencent/provider";

// Both cloud providers against local fakes that verify their signatures: the same contract — a
// clean text passes, a risky one is flagged with the service's label and an excerpt, a wrong key
// is an error (so the configured fail-open / fail-closed decides), and a slow answer times out.
const aliyun = new FakeAliyunModeration();
const tencent = new FakeTencentModeration();
let aliyunUrl: string;
let tencentUrl: string;
beforeAll(async () => {
  [aliyunUrl, tencentUrl] = await Promise.all([aliyun.start(), tencent.start()]);
});
afterAll(async () => {
  await Promise.all([aliyun.stop(), tencent.stop()]);
});

const context = { userId: "00000000-0000-4000-8000-000000000001", appid: "demo-chat", stage: "question" as const };

const cases: { name: string; fake: () => FakeAliyunModeration | FakeTencentModeration; make: (secret?: string) => ModerationProvider; label: string }[] = [
  {
    name: "阿里云 TextModerationPlus",
    fake: () => aliyun,
    make: (secret = aliyun.accessKeySecret) => createAliyunProvider({ accessKeyId: aliyun.accessKeyId, accessKeySecret: secret, region: "cn-shanghai", endpoint: aliyunUrl }),
    label: "high:contraband_drug",
  },
  {
    name: "腾讯云 TextModeration",
    fake: () => tencent,
    make: (secret = tencent.secretKey) => createTencentProvider({ secretId: tencent.secretId, secretKey: secret, region: "ap-guangzhou", endpoint: tencentUrl }),
    label: "Illegal",
  },
];

describe.each(cases)("$name", ({ fake, make, label }) => {
  it("passes a clean text and flags a risky one with the service's label and an excerpt, over a signed call", async () => {
    const provider = make();
    expect(await provider.checkText("今天天气很好", context)).toEqual({ flagged: false });
    expect(await provider.checkText("这段话里有违禁测试的内容", context)).toEqual({ flagged: true, label, excerpt: "这段话里有违禁测试的内容" });
    expect(fake().texts.slice(-2)).toEqual(["今天天气很好", "这段话里有违禁测试的内容"]);
  });

  it("fails on a wrong secret (the fake refuses the signature); the checker then follows MODERATION_FAIL", async () => {
    const provider = make("wrong-secret");
    await expect(provider.checkText("你好", context)).rejects.toThrow();
    expect(await createChecker({ provider, timeoutMs: 2000, fail: "open" })("你好", context)).toEqual({ flagged: false });
    expect(await createChecker({ provider, timeoutMs: 2000, fail: "closed" })("你好", context)).toEqual({ flagged: true, unavailable: true });
  });

  it("gives up after MODERATION_TIMEOUT_MS", async () => {
    fake().delayMs = 1000;
    try {
      const started = Date.now();
      expect(await createChecker({ provider: make(), timeoutMs: 150, fail: "closed" })("你好", context)).toEqual({ flagged: true, unavailable: true });
      expect(Date.now() - started).toBeLessThan(900);
    } finally {
      fake().delayMs = 0;
    }
  });
});
