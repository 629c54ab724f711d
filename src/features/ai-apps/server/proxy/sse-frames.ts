import { createParser, type EventSourceParser } from "eventsource-parser";
import { chineseMessageFor } from "./errors";

type Json = Record<string, unknown>;

export type FrameResult =
  /** Text to forward (whole frames only, so an appended error event never lands mid-frame). */
  | { kind: "frames"; text: string; events: Json[]; end: boolean }
  | { kind: "malformed"; text: string; events: Json[] };

// Frames end at a blank line; Dify uses \n\n, but any SSE line ending is allowed.
const BOUNDARY = /\r\n\r\n|\n\n|\r\r/;
/** A frame larger than this without a blank line is not SSE. */
const MAX_PENDING = 4 * 1024 * 1024;

/**
 * Splits upstream text into complete SSE frames and decodes each with eventsource-parser. Frames
 * pass through byte-for-byte (pings included); an upstream `error` event is re-sent with a Chinese
 * message (Dify's `message` kept as `upstream_message`) and ends the stream.
 */
export class SseFrames {
  private pending = "";
  private readonly parser: EventSourceParser;
  private current: { data?: string } = {};

  constructor() {
    this.parser = createParser({
      onEvent: (event) => {
        this.current.data = event.data;
      },
    });
  }

  push(text: string): FrameResult {
    this.pending += text;
    let out = "";
    const events: Json[] = [];
    for (let match = BOUNDARY.exec(this.pending); match; match = BOUNDARY.exec(this.pending)) {
      const frame = this.pending.slice(0, match.index);
      this.pending = this.pending.slice(match.index + match[0].length);
      const decoded = this.decode(frame);
      if (decoded === "malformed") return { kind: "malformed", text: out, events };
      if (!decoded) {
        out += `${frame}\n\n`; // ping, comment or empty frame
        continue;
      }
      events.push(decoded);
      if (decoded.event === "error") {
        out += `data: ${JSON.stringify(translateError(decoded))}\n\n`;
        return { kind: "frames", text: out, events, end: true };
      }
      out += `${frame}\n\n`;
    }
    if (this.pending.length > MAX_PENDING) return { kind: "malformed", text: out, events };
    return { kind: "frames", text: out, events, end: false };
  }

  /** Whatever is left when the upstream closed (a frame cut in half). */
  get leftover(): string {
    return this.pending.trim();
  }

  private decode(frame: string): Json | null | "malformed" {
    this.current = {};
    this.parser.feed(`${frame}\n\n`);
    const data = this.current.data;
    if (data === undefined || data === "") return null;
    try {
      const json: unknown = JSON.parse(data);
      return json && typeof json === "object" && !Array.isArray(json) ? (json as Json) : "malformed";
    } catch {
      return "malformed";
    }
  }
}

function translateError(event: Json): Json {
  const status = typeof event.status === "number" ? event.status : 500;
  const code = typeof event.code === "string" ? event.code : undefined;
  const message = typeof event.message === "string" ? event.message : "";
  return { ...event, status, message: chineseMessageFor(status, code, message), upstream_message: message };
}
