/**
 * The one `create()` of `key` in this process, whichever copy of the calling module asks. Module state
 * is not enough: Next.js bundles a module more than once per process (instrumentation, each route,
 * server components, the proxy) and the dev server re-evaluates modules on every edit, so each copy
 * would build its own. Kept on globalThis under `Symbol.for(key)`, which every copy resolves alike.
 * A value that can be replaced (a failed start, a hook provided at start-up) is kept in a box object.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(key);
  if (!(symbol in holder)) holder[symbol] = create();
  return holder[symbol] as T;
}
