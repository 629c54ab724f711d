// A bystander's password sign-in, idle and while a flood of wrong-password sign-ins runs (issue 12,
// finding 6). Over loopback HTTP against the real service, with production argon2 cost.

const FLOOD = Number(process.env.BENCH_CONCURRENCY ?? 200);
/** The bystander's p95 under the flood may be at most this multiple of its idle p95. */
const TARGET_RATIO = 3;
/** Bystander sign-ins per phase (BENCH_SAMPLES). */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
/**
 * How long a flood runs before the bystander's measured sign-ins: the figures are for a flood that is
 * running, as the target says. The sign-in that meets the flood's opening burst (every connection
 * arriving at once) is measured on its own and printed beside them.
 */
const WARM_UP_MS = Number(process.env.BENCH_FLOOD_WARM_UP_MS ?? 3_000);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** A sign-in request as a client sends it; `ip` is the address the caller claims through a trusted hop. */
export type SignInRequest = (ip: string, email: string, password: string) => { url: string; init: RequestInit };

export interface FloodTarget {
  /** How the bystander signs in (the browser's path). */
  bystanderRequest: SignInRequest;
  /** How the flood guesses (the cheapest path an attacker has). */
  floodRequest: SignInRequest;
  /** Confirmed account of the bystander; the flood guesses passwords of `victimEmail`. */
  bystander: { email: string; password: string };
  victimEmail: string;
}

type Sample = { ms: number; status: number };

async function signIn(request: SignInRequest, ip: string, email: string, password: string): Promise<Sample> {
  const started = performance.now();
  try {
    const { url, init } = request(ip, email, password);
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    // A connection reset (status 0) is counted, not fatal: the figures say how many there were.
    return { ms: performance.now() - started, status: 0 };
  }
}

async function bystanderSamples(target: FloodTarget, count = SAMPLES): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < count; i += 1) {
    samples.push(await signIn(target.bystanderRequest, "198.51.100.1", target.bystander.email, target.bystander.password));
  }
  return samples;
}

/**
 * Runs `FLOOD` parallel wrong-password sign-ins (from `ipOf(worker)`): one bystander sign-in as they
 * start, then `SAMPLES` more after the warm-up. Stopping waits for the flood's pending (tarpitted) answers.
 */
async function underFlood(target: FloodTarget, ipOf: (worker: number) => string, during: (samples: number) => Promise<Sample[]>) {
  let running = true;
  const statuses = new Map<number, number>();
  const worker = async (index: number) => {
    for (let guess = 0; running; guess += 1) {
      const { status } = await signIn(target.floodRequest, ipOf(index), target.victimEmail, `wrong-${index}-${guess}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: FLOOD }, (_, index) => worker(index));
  try {
    const opening = await during(1);
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    return { opening: opening[0]!, result: await during(SAMPLES), statuses };
  } finally {
    running = false;
    await Promise.all(workers);
  }
}

function describe(name: string, samples: Sample[]): string {
  const times = samples.map((sample) => sample.ms);
  const refused = samples.filter((sample) => sample.status !== 200).length;
  return `${name.padEnd(44)} p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 0.95).toFixed(1).padStart(7)} ms${refused ? `   (${refused}/${samples.length} not signed in)` : ""}`;
}

const statusLine = (statuses: Map<number, number>) =>
  [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ");

export async function bystanderUnderFlood(target: FloodTarget, label: string): Promise<void> {
  console.log(`-- ${label}`);
  const idle = await bystanderSamples(target);
  const single = await underFlood(target, () => "203.0.113.66", (count) => bystanderSamples(target, count));
  const many = await underFlood(target, (worker) => `10.1.${Math.floor(worker / 250)}.${worker % 250}`, (count) => bystanderSamples(target, count));
  const p50 = (samples: Sample[]) => percentile(samples.map((sample) => sample.ms), 0.5);
  const p95 = (samples: Sample[]) => percentile(samples.map((sample) => sample.ms), 0.95);
  console.log(describe("bystander sign-in, idle", idle));
  console.log(describe(`bystander sign-in, ${FLOOD} wrong sign-ins from 1 IP`, single.result));
  console.log(`  flood answers: ${statusLine(single.statuses)}; the sign-in that met its opening burst: ${single.opening.ms.toFixed(0)} ms`);
  console.log(describe(`bystander sign-in, ${FLOOD} wrong sign-ins from ${FLOOD} IPs`, many.result));
  console.log(`  flood answers: ${statusLine(many.statuses)}; the sign-in that met its opening burst: ${many.opening.ms.toFixed(0)} ms`);
  // Issue 30 (11d): the bystander's p95 under the flood, as a multiple of its idle p95, ≤ 3×.
  const ratioLine = (name: string, flood: Sample[]) => {
    const ratio = p95(flood) / p95(idle);
    return `bystander ratio ${name.padEnd(12)} p95 ${ratio.toFixed(2)}× idle (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? "met" : "NOT met"})   p50 ${(p50(flood) / p50(idle)).toFixed(2)}×`;
  };
  console.log(ratioLine("(1 IP):", single.result));
  console.log(ratioLine(`(${FLOOD} IPs):`, many.result));
}
