/** Shapes of the Dify Service API answers the pages read (reference §5.5); open objects, newer fields ignored. */

export interface DifyFileTypeConfig {
  enabled?: boolean;
  number_limits?: number;
  transfer_methods?: string[];
}

export interface DifyFileUploadConfig {
  enabled?: boolean;
  allowed_file_types?: string[];
  allowed_file_extensions?: string[];
  allowed_file_upload_methods?: string[];
  number_limits?: number;
  image?: DifyFileTypeConfig;
}

export interface DifySystemParameters {
  file_size_limit?: number;
  image_file_size_limit?: number;
  audio_file_size_limit?: number;
  video_file_size_limit?: number;
}

export interface DifyParameters {
  opening_statement?: string | null;
  suggested_questions?: string[];
  suggested_questions_after_answer?: { enabled?: boolean };
  user_input_form?: unknown[];
  file_upload?: DifyFileUploadConfig;
  system_parameters?: DifySystemParameters;
  /** Keyword / API moderation settings; read by the chat page's moderation.ts (open shape). */
  sensitive_word_avoidance?: unknown;
  /** Voice input in the chat composer (`audio-to-text`). */
  speech_to_text?: { enabled?: boolean };
  /** Reading answers aloud (`text-to-audio`); `voice` / `language` are the app's defaults. */
  text_to_speech?: { enabled?: boolean; voice?: string; language?: string; autoPlay?: string };
  /** Model apps only: the models a user may switch between, and the one a new conversation uses. */
  models?: { id: string; name: string; vision?: boolean }[];
  default_model?: string;
  /** Model apps: the operator lets users turn on 联网搜索. */
  web_search?: { enabled?: boolean };
}

/** `POST files/upload` answer (older builds return only these fields). */
export interface DifyUploadedFile {
  id: string;
  name: string;
  size: number;
  extension: string;
  mime_type: string;
}

export type DifyFileKind = "image" | "document" | "audio" | "video" | "custom";

/** A `files[]` item of a generation request (reference §4.1). */
export interface DifyFileRef {
  type: DifyFileKind;
  transfer_method: "local_file" | "remote_url";
  upload_file_id?: string;
  url?: string;
}

/** One parsed SSE event (typed by the shared parser in features/dify-events). */
export type { DifyEvent as DifyStreamEvent } from "@/features/dify-events";

export type Rating = "like" | "dislike" | null;
