import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutbox } from "@/embedded/outbox";
import { createAuthHarness, type AuthHarness } from "./test-harness";

type ReceivedMail = { from: string; to: string[]; raw: Buffer };

describe("mail through SMTP (SMTP_URL set)", () => {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      if (auth.username === "spark" && auth.password === "mail-secret") callback(null, { user: "spark" });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  let h: AuthHarness;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    h = await createAuthHarness("pglite", {}, { smtpUrl: `smtp://spark:mail-secret@127.0.0.1:${port}`, from: "思维火花 <no-reply@spark.test>" });
  });
  afterAll(async () => {
    await h.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it("delivers the Chinese confirmation mail, whose link confirms the address; only a log row stays", async () => {
    const supabase = h.client();
    const { error } = await supabase.auth.signUp({ email: "smtp-user@example.com", password: "Spark-2026-pass" });
    expect(error).toBeNull();
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail).toMatchObject({ from: "no-reply@spark.test", to: ["smtp-user@example.com"] });
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toContain("思维火花");
    expect(parsed.text).toContain("确认");
    expect(parsed.html || "").toContain("<a ");
    const link = parsed.text?.match(/http:\/\/auth\.test\/auth\/v1\/verify\?\S+/)?.[0];
    expect(link).toBeDefined();

    const confirmed = await h.fetch(link!, { redirect: "manual" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toContain("access_token=");

    const [logged] = await createOutbox({ db: h.handle.db }).listOutboxMessages({ limit: 1 });
    expect(logged).toMatchObject({ to: "smtp-user@example.com", delivery: "smtp", html: null, link: null, code: null });
  });

  it("answers an error, not a crash, when the SMTP server refuses the login", async () => {
    const { port } = smtp.server.address() as AddressInfo;
    const wrong = await createAuthHarness("pglite", {}, { smtpUrl: `smtp://spark:wrong@127.0.0.1:${port}` });
    try {
      // supabase-js reports any 5xx as a retryable failure without reading the body…
      const { error } = await wrong.client().auth.signUp({ email: "smtp-refused@example.com", password: "Spark-2026-pass" });
      expect(error?.status).toBe(500);
      // …which says what GoTrue says, and not the mail server's reply.
      const response = await wrong.fetch("http://auth.test/auth/v1/signup", {
        method: "POST",
        headers: { "content-type": "application/json", apikey: wrong.service.keys.anonKey },
        body: JSON.stringify({ email: "smtp-refused-2@example.com", password: "Spark-2026-pass" }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ error_code: "unexpected_failure", msg: "Error sending confirmation email" });
    } finally {
      await wrong.close();
    }
  });
});
