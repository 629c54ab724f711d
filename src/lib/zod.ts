import { z } from "zod";

// Zod 4 probes whether it may compile validators with `new Function` the first time it parses an
// object. The pages' CSP forbids eval, so in the browser that probe is a CSP violation (caught by
// zod, but reported): tell zod up front not to try. Servers keep the faster compiled validators.
// Configured here, where zod is imported, so that only pages that validate in the browser download
// zod at all (a global call in the root providers put it in every page's first load). package.json
// lists this file under "sideEffects": otherwise the bundler would skip it for the zod it re-exports.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
