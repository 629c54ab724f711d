// Hostile tests: one client must not stall the auth service (issue 12, finding 6) nor learn from
// its timing which addresses exist (finding 7). No timings are asserted: argon2 is observed through
// a wrapper that counts calls and concurrent runs, and can be held so a flood piles up for certain.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { passwordWork } from "./password-work";
import { createAuthHarness, TEST_URL, type AuthHarness } from "./test-harness";

const argon = vi.hoisted(() => ({ calls: 0, running: 0, peak: 0, hold: undefined as Promise<void> | undefined, verified: [] as string[] }));

vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  const observed =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      argon.calls += 1;
      argon.running += 1;
      argon.peak = Math.max(argon.peak, argon.running);
      try {
        if (argon.hold) await argon.hold;
        return await work(...args);
      } finally {
        argon.running -= 1;
      }
    };
  const verify = observed(real.verify);
  return {
    ...real,
    hash: observed(real.hash),
    // Which password each verification checked, in the order they started.
    verify: (hashed: string, password: string | Uint8Array) => (argon.verified.push(String(password)), verify(hashed, password)),
  };
});

const TOKEN_URL = `${TEST_URL}/auth/v1/token?grant_type=password`;
const PASSWORD = "right-password-1";

describe("embedded auth under a flood of password checks", () => {
  let h: AuthHarness;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // Per-IP sign-in limits are not what is tested here: lift them. Nor is the refusal tarpit's growing
    // pause (refusal-tarpit.test.ts): these floods keep its first pause, or later ones would wait 16 s.
    h = await createAuthHarness("pglite", { rateLimits: { signIn: { max: 100_000, windowSeconds: 60 } }, refusalPause: { maxMs: 1_000 } });
    headers = { apikey: h.service.keys.anonKey, "content-type": "application/json" };
    await h.admin().auth.admin.createUser({ email: "victim@example.com", password: PASSWORD, email_confirm: true });
    await h.admin().auth.admin.createUser({ email: "bystander@example.com", password: PASSWORD, email_confirm: true });
  });
  afterAll(() => h.close());

  const signIn = (ip: string, email: string, password: string) =>
    h.clientVia({ clientIp: ip }).auth.signInWithPassword({ email, password });

  /** Starts `count` wrong-password sign-ins while argon2 is held; resolves once `settled` have answered. */
  async function floodWhileHeld(count: number, ipOf: (index: number) => string, settled: number) {
    let release!: () => void;
    argon.hold = new Promise<void>((resolve) => (release = resolve));
    argon.peak = argon.running;
    const answers: { status: number | undefined; code: string | undefined }[] = [];
    const flood = Array.from({ length: count }, (_, index) =>
      signIn(ipOf(index), "victim@example.com", `wrong-${index}`).then(({ error }) => {
        answers.push({ status: error?.status, code: error?.code });
      }),
    );
    const finish = async () => {
      argon.hold = undefined;
      release();
      await Promise.all(flood);
    };
    // Callers beyond the bound must be answered while the admitted ones are still hashing.
    await vi
      .waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(settled), { timeout: 20_000, interval: 20 })
      .catch(async (error: unknown) => {
        await finish();
        throw error;
      });
    return { answers, finish };
  }

  it("answers a single client's 200 parallel wrong sign-ins beyond its share with 429 while its admitted ones still hash; a bystander still signs in", async () => {
    const { maxRunning, maxPerClient } = passwordWork.limits;
    const flood = await floodWhileHeld(200, () => "203.0.113.66", 200 - maxPerClient);
    const refused = [...flood.answers];
    expect(refused.every((answer) => answer.status === 429 && answer.code === "over_request_rate_limit")).toBe(true);

    const bystander = signIn("198.51.100.7", "bystander@example.com", PASSWORD);
    await flood.finish();
    const { data, error } = await bystander;
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe("bystander@example.com");
    expect(flood.answers).toHaveLength(200);
    expect(flood.answers.filter((answer) => answer.code === "invalid_credentials")).toHaveLength(maxPerClient);
    expect(argon.peak).toBeLessThanOrEqual(maxRunning);
  });

  it("bounds the work of 200 clients at once: hashing never exceeds the bound, the rest get a 429 without hashing", async () => {
    const { maxRunning, maxQueued } = passwordWork.limits;
    const admitted = maxRunning + maxQueued;
    const flood = await floodWhileHeld(200, (index) => `10.0.${Math.floor(index / 250)}.${index % 250}`, 200 - admitted);
    expect(flood.answers.every((answer) => answer.status === 429)).toBe(true);
    await flood.finish();
    expect(flood.answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(200 - admitted);
    expect(argon.peak).toBeLessThanOrEqual(maxRunning);
    // Afterwards the service is back to normal.
    expect((await signIn("198.51.100.8", "bystander@example.com", PASSWORD)).error).toBeNull();
  });

  it("serves a clean caller before a many-address flood guessing one account's password", async () => {
    const { maxRunning, maxQueued } = passwordWork.limits;
    // The account has been guessed at before (the earlier floods): its checks wait in the suspect lane.
    for (let attempt = 0; attempt < 3; attempt += 1) await signIn(`192.0.2.${attempt}`, "victim@example.com", `guess-${attempt}`);
    const flood = await floodWhileHeld(200, (index) => `10.2.${Math.floor(index / 250)}.${index % 250}`, 200 - maxRunning - maxQueued);
    expect(flood.answers.every((answer) => answer.status === 429)).toBe(true);

    // The suspect lane is full, yet a person signing in elsewhere is admitted, and served first.
    const startedBefore = argon.verified.length;
    const bystander = signIn("198.51.100.20", "bystander@example.com", PASSWORD);
    await vi.waitFor(() => expect(passwordWork.queued().clean).toBe(1), { timeout: 10_000, interval: 10 });
    await flood.finish();
    const { error } = await bystander;
    expect(error).toBeNull();
    // No queued guess started ahead of it: the very next check after those running was the bystander's.
    expect(argon.verified.slice(startedBefore)[0]).toBe(PASSWORD);
  });

  it("holds an address that keeps failing to one password check at a time", async () => {
    const { maxPerSuspectClient, suspectClientAfter } = passwordWork.limits;
    const ip = "203.0.113.99";
    for (let attempt = 0; attempt < suspectClientAfter; attempt += 1) await signIn(ip, `nobody-${attempt}@example.com`, "wrong-1");
    const flood = await floodWhileHeld(20, () => ip, 20 - maxPerSuspectClient);
    await flood.finish();
    expect(flood.answers.filter((answer) => answer.status === 429)).toHaveLength(20 - maxPerSuspectClient);
  });

  it("checks a password for an unknown address against a dummy hash, as for a known one", async () => {
    const before = argon.calls;
    const unknown = await signIn("198.51.100.9", "nobody@example.com", "whatever-1");
    expect(unknown.error?.code).toBe("invalid_credentials");
    expect(argon.calls - before).toBe(1);
    const known = await signIn("198.51.100.9", "victim@example.com", "whatever-1");
    expect(known.error?.code).toBe("invalid_credentials");
    expect(argon.calls - before).toBe(2);
  });

  /** A body that counts how much of it the server pulled. */
  function countingBody(total: number, chunk = 64 * 1024) {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        const size = Math.min(chunk, total - pulled);
        pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    });
    return { stream, pulled: () => pulled };
  }

  it("refuses a 60 MB body by its Content-Length without reading it", async () => {
    const body = countingBody(60 * 1024 * 1024);
    const response = await h.fetch(TOKEN_URL, {
      method: "POST",
      headers: { ...headers, "content-length": String(60 * 1024 * 1024) },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 413, error_code: "request_entity_too_large" });
    expect(body.pulled()).toBeLessThan(1024 * 1024);
  });

  it("cuts a body without Content-Length off once it passes 1 MB", async () => {
    const body = countingBody(8 * 1024 * 1024);
    const response = await h.fetch(TOKEN_URL, { method: "POST", headers, body: body.stream, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error_code: "request_entity_too_large" });
    expect(body.pulled()).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024);
  });

  it("still reads ordinary bodies, with or without Content-Length", async () => {
    const credentials = JSON.stringify({ email: "bystander@example.com", password: PASSWORD });
    const bytes = new TextEncoder().encode(credentials);
    const sized = await h.fetch(TOKEN_URL, { method: "POST", headers: { ...headers, "content-length": String(bytes.length) }, body: bytes });
    expect(sized.status).toBe(200);
    const streamed = await h.fetch(TOKEN_URL, {
      method: "POST",
      headers,
      body: new ReadableStream({ start: (controller) => (controller.enqueue(bytes), controller.close()) }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(200);
  });
});
