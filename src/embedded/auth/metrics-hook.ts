import { processSingleton } from "@/lib/process-singleton";

/**
 * What the auth service tells a metrics collector: the service stays standalone (it knows no metrics
 * library and no app), and whoever mounts it may listen (the app's start-up wires its Prometheus
 * counters here). No identifiers, addresses or codes: only kinds, methods and error codes.
 */
export type AuthMetricEvent =
  | { kind: "sign_in"; method: string }
  | { kind: "sign_in_failed"; code: string }
  | { kind: "rate_limited"; code: string }
  | { kind: "sms_sent" }
  | { kind: "sms_refused"; reason: string };

export type AuthMetricListener = (event: AuthMetricEvent) => void;

// One set per process: the app may mount the service from more than one bundle copy.
const listeners = () => processSingleton("sparkai.embedded-auth.metric-listeners", () => new Set<AuthMetricListener>());

/** Calls `listener` for every event from now on; answers the unsubscribe. */
export function onAuthMetric(listener: AuthMetricListener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

export function emitAuthMetric(event: AuthMetricEvent): void {
  for (const listener of listeners()) {
    try {
      listener(event);
    } catch {
      // A collector's failure is no reason to fail a sign-in.
    }
  }
}
