import { DIFY_EVENT_SCHEMAS, type DifyEvent, type DifyEventName, type KnownDifyEvent, type UnknownDifyEvent } from "./schemas";

const warned = new Set<string>();

function isKnownName(name: string): name is DifyEventName {
  return Object.hasOwn(DIFY_EVENT_SCHEMAS, name);
}

/** Whether a parsed event is one the site understands (its fields typed); the rest are passed along untouched. */
export function isKnownDifyEvent(event: DifyEvent): event is KnownDifyEvent {
  return isKnownName(event.event);
}

/**
 * One SSE event's JSON as a typed event; null when it is not an event at all (no object, or no string
 * `event`). An event of an unknown name (a newer Dify) comes back as it is, noted once per name.
 */
export function parseDifyEvent(json: unknown): DifyEvent | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const raw = json as Record<string, unknown>;
  const name = raw.event;
  if (typeof name !== "string") return null;
  if (!isKnownName(name)) {
    if (!warned.has(name)) {
      warned.add(name);
      console.warn(`Unknown Dify event "${name}" passed through as it is`);
    }
    return raw as UnknownDifyEvent;
  }
  // The schemas drop a malformed field instead of failing, so a known event always parses.
  const parsed = DIFY_EVENT_SCHEMAS[name].safeParse(raw);
  return parsed.success ? (parsed.data as KnownDifyEvent) : (raw as UnknownDifyEvent);
}

/** For a reducer's exhaustive switch: an event the switch forgot fails to compile here. */
export function unhandledDifyEvent(event: never): never {
  throw new Error(`Unhandled Dify event: ${(event as { event?: unknown }).event}`);
}
