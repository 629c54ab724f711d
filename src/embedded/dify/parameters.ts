import type { DemoApp } from "./demo-apps";
import { sensitiveWordAvoidanceFor } from "./moderation";

/** Size limits in MB, as Dify's `system_parameters` (the proxy enforces these too). */
export const SYSTEM_PARAMETERS = {
  file_size_limit: 15,
  image_file_size_limit: 10,
  audio_file_size_limit: 50,
  video_file_size_limit: 100,
  workflow_file_upload_limit: 10,
};

/** Extensions per family (reference §4.1). */
export const FILE_FAMILIES: Record<string, string[]> = {
  image: ["jpg", "jpeg", "png", "gif", "webp", "svg"],
  document: ["txt", "md", "markdown", "pdf", "html", "xlsx", "xls", "docx", "csv", "eml", "msg", "pptx", "ppt", "xml", "epub"],
  audio: ["mp3", "m4a", "wav", "webm", "amr"],
  video: ["mp4", "mov", "mpeg", "mpga"],
};

export function fileUploadFor(app: DemoApp) {
  // Chat takes images and documents; the other demo apps take none (a real Dify app can differ).
  const enabled = app.mode === "chat";
  return {
    enabled,
    allowed_file_types: enabled ? ["image", "document"] : [],
    allowed_file_extensions: [],
    allowed_file_upload_methods: ["local_file", "remote_url"],
    number_limits: 3,
    image: { enabled, number_limits: 3, detail: "high", transfer_methods: ["remote_url", "local_file"] },
  };
}

/** The one voice of the demo's text to speech (a tone, see wav.ts). */
export const DEMO_VOICE = "spark-demo";

export function parametersFor(app: DemoApp) {
  return {
    opening_statement: app.openingStatement,
    suggested_questions: app.suggestedQuestions,
    suggested_questions_after_answer: { enabled: app.mode === "chat" },
    speech_to_text: { enabled: app.voice === true },
    text_to_speech: app.voice
      ? { enabled: true, voice: DEMO_VOICE, language: "zh-Hans", autoPlay: "disabled" }
      : { enabled: false, voice: "", language: "", autoPlay: "disabled" },
    retriever_resource: { enabled: app.citations === true },
    annotation_reply: { enabled: false },
    more_like_this: { enabled: false },
    sensitive_word_avoidance: sensitiveWordAvoidanceFor(app),
    user_input_form: app.userInputForm,
    file_upload: fileUploadFor(app),
    system_parameters: SYSTEM_PARAMETERS,
  };
}

export function familyOfExtension(extension: string): string | undefined {
  return Object.entries(FILE_FAMILIES).find(([, list]) => list.includes(extension.toLowerCase()))?.[0];
}
