let counter = 0;

/** A key for client-side items. Not `crypto.randomUUID()`: that exists only in secure contexts (https/localhost). */
export function localId(): string {
  counter += 1;
  return `local-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}
