import type { BlockList } from "node:net";

/** Types of client-address.mjs (plain JS so `node server.mjs` runs without a TypeScript loader). */
export type TrustedProxies =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "list"; list: BlockList; text: string };
export type ResolvedClient = { ip: string | undefined; viaTrustedProxy: boolean };
export function parseTrustedProxies(value: string | undefined): TrustedProxies;
export function normalizeAddress(raw: string | undefined): string | undefined;
export function resolveClient(
  trust: TrustedProxies,
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
): ResolvedClient;
