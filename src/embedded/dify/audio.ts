import { Hono } from "hono";
import { optionalOwner, readJsonBody, type DemoDeps, type DemoEnv } from "./context";
import { difyError, MESSAGE_NOT_EXISTS } from "./errors";
import { findMessage } from "./store";
import { speechWav } from "./wav";

/** What the demo "hears" in any recording: a question its knowledge base answers. */
export const DEMO_TRANSCRIPT = "请介绍一下思维火花";

/** Dify's own cap on a recording (`audio-to-text`, reference §5.4). */
const AUDIO_LIMIT_MB = 30;
/** Dify compares the part's exact MIME type with `audio/{extension}`: `audio/webm;codecs=opus` is refused. */
const AUDIO_TYPES = new Set(["mp3", "m4a", "wav", "amr", "mpga", "webm"].map((extension) => `audio/${extension}`));

/** Speech to text and text to speech (reference §5.4), for apps whose /parameters enable them. */
export function audioRoutes(deps: DemoDeps) {
  const routes = new Hono<DemoEnv>();

  routes.post("/audio-to-text", async (c) => {
    // Dify checks the feature before it looks at the file.
    if (!c.get("app").voice) return difyError(c, 400, "speech_to_text_disabled", "Speech to text is not enabled");
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return difyError(c, 400, "no_audio_uploaded", "Please upload your audio.");
    }
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return difyError(c, 400, "no_audio_uploaded", "Please upload your audio.");
    if (!AUDIO_TYPES.has(file.type)) return difyError(c, 415, "unsupported_audio_type", "Audio type not allowed.");
    if (file.size > AUDIO_LIMIT_MB * 1024 * 1024) return difyError(c, 413, "audio_too_large", `Audio size larger than ${AUDIO_LIMIT_MB} mb`);
    return c.json({ text: DEMO_TRANSCRIPT });
  });

  routes.post("/text-to-audio", async (c) => {
    if (!c.get("app").voice) return difyError(c, 400, "invalid_param", "TTS is not enabled");
    const body = await readJsonBody(c);
    if (body instanceof Response) return body;
    let text = typeof body.text === "string" ? body.text : "";
    // message_id wins over text; only the end user's own message is read (404 otherwise, as for feedback).
    if (typeof body.message_id === "string" && body.message_id !== "") {
      const message = await findMessage(deps.db, optionalOwner(c, body.user), body.message_id);
      if (!message) return difyError(c, 404, "not_found", MESSAGE_NOT_EXISTS);
      text = message.answer;
    }
    if (text.trim() === "") return difyError(c, 400, "invalid_param", "Text is required");
    return c.body(speechWav(text) as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "audio/wav" });
  });

  return routes;
}
