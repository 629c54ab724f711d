import { AsyncLocalStorage } from "node:async_hooks";

/** What a `/v1` call has learnt about itself by the time it answers: whose key, which model. */
export interface ApiCallNote {
  userId?: string;
  apiKeyId?: string;
  model?: string;
  appid?: string;
  /** A stream that failed after its 200 went out: the log records this instead of the 200. */
  streamFailure?: { status: number; code: string };
}

// The handlers note as they go (authentication, model lookup), so the log row needs no return value
// threaded through every refusal path; the store is per call, so concurrent calls never mix.
const notes = new AsyncLocalStorage<ApiCallNote>();

export function runNotingApiCall<T>(note: ApiCallNote, work: () => T): T {
  return notes.run(note, work);
}

/** The key a `/v1` call authenticated with (its row is logged from here on, whatever the answer). */
export function noteApiCallKey(key: { id: string; userId: string }): void {
  const note = notes.getStore();
  if (!note) return;
  note.apiKeyId = key.id;
  note.userId = key.userId;
}

/** The model the call asked for and, once resolved, the app that answers it. */
export function noteApiCallModel(model: string, appid?: string): void {
  const note = notes.getStore();
  if (!note) return;
  note.model = model;
  if (appid) note.appid = appid;
}

/**
 * For a streamed answer: a function that notes the stream failing midway. Taken while the call runs,
 * because the stream is read later, outside the call's async context.
 */
export function apiCallStreamFailureRecorder(): (failure: { status: number; code: string }) => void {
  const note = notes.getStore();
  return (failure) => {
    if (note) note.streamFailure ??= failure;
  };
}
