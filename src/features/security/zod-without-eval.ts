import { z } from "zod";

/**
 * Zod 4 probes whether it may compile validators with `new Function` the first time it parses an
 * object. The pages' CSP forbids eval, so in the browser that probe is a CSP violation (caught by
 * zod, but reported): tell zod up front not to try. Servers keep the faster compiled validators.
 */
export function configureZodForCsp(): void {
  if (typeof window !== "undefined") z.config({ jitless: true });
}
