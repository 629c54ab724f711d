import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { createOutbox } from "./index";

describe("dev outbox", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "pglite" });
  });
  afterAll(() => handle.close());

  it("stores mails and SMS newest first", async () => {
    const outbox = createOutbox({ db: handle.db });
    await outbox.sendMail({ to: "a@example.com", subject: "主题", html: "<p>hi</p>", text: "hi", kind: "signup", link: "http://x/verify", code: "123456" });
    const { messageId } = await outbox.sendSms({ to: "+8613800000000", body: "验证码 654321", kind: "sms", code: "654321" });
    expect(messageId).toBeTruthy();
    const messages = await outbox.listOutboxMessages({ limit: 10 });
    expect(messages.map((message) => message.channel).sort()).toEqual(["email", "sms"]);
    expect(messages.find((message) => message.channel === "email")).toMatchObject({ to: "a@example.com", link: "http://x/verify", code: "123456", delivery: "outbox" });
  });

  it("hands SMS to a custom provider and keeps only a log row", async () => {
    const sent: string[] = [];
    const outbox = createOutbox({ db: handle.db, smsProvider: { name: "test", send: async (sms) => (sent.push(sms.body), { messageId: "m-1" }) } });
    expect(await outbox.sendSms({ to: "+15550000000", body: "code 1", kind: "sms", code: "1" })).toEqual({ messageId: "m-1" });
    expect(sent).toEqual(["code 1"]);
    const [latest] = await outbox.listOutboxMessages({ limit: 1 });
    expect(latest).toMatchObject({ to: "+15550000000", delivery: "sms-provider", code: null, text: null });
  });
});
