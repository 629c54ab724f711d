import type { ModelConversation, ModelMessage } from "@/lib/db/schema/ai-models";
import { retrieverResourcesJson } from "./grounding/ground-question";
import { defaultModelOf, modelLabel, type ModelApp } from "./settings";
import { IMAGE_EXTENSIONS, IMAGE_SIZE_LIMIT_MB, IMAGES_PER_QUESTION } from "./uploads";

/**
 * Model apps speak the Dify Service API to the proxy and the browser (the same chat page serves both
 * kinds of app). These are the JSON shapes of that protocol, with two additions the chat page reads:
 * `models` / `default_model` in the parameters and `model` on conversations and messages.
 */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The model's thinking travels in the answer as a leading `<think>` block (as Dify sends it too). */
export function answerWithReasoning(reasoning: string, answer: string): string {
  return reasoning ? `<think>\n${reasoning}\n</think>\n\n${answer}` : answer;
}

export function conversationJson(row: ModelConversation) {
  return { id: row.id, name: row.name, inputs: {}, status: "normal", introduction: "", model: row.model, created_at: seconds(row.createdAt), updated_at: seconds(row.updatedAt) };
}

export function messageJson(row: ModelMessage) {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    parent_message_id: row.parentMessageId,
    inputs: {},
    query: row.query,
    answer: answerWithReasoning(row.reasoning, row.answer),
    status: row.status === "error" ? "error" : "normal",
    error: row.error,
    message_files: row.files.map((file) => ({ id: file.id, filename: file.name, type: file.type, belongs_to: "user" })),
    feedback: row.feedback ? { rating: row.feedback } : null,
    retriever_resources: retrieverResourcesJson(row.sources),
    agent_thoughts: [],
    model: row.model,
    created_at: seconds(row.createdAt),
    message_tokens: row.promptTokens,
    answer_tokens: row.completionTokens,
    total_tokens: row.promptTokens + row.completionTokens,
  };
}

export function parametersJson(app: ModelApp) {
  const { settings } = app;
  return {
    opening_statement: settings.openingStatement,
    suggested_questions: settings.suggestedQuestions,
    suggested_questions_after_answer: { enabled: false },
    speech_to_text: { enabled: false },
    text_to_speech: { enabled: false, voice: "", language: "", autoPlay: "disabled" },
    retriever_resource: { enabled: false },
    annotation_reply: { enabled: false },
    more_like_this: { enabled: false },
    sensitive_word_avoidance: { enabled: false, type: "", configs: [] },
    user_input_form: [],
    file_upload: fileUploadJson(settings.models.some((model) => model.vision)),
    system_parameters: { file_size_limit: IMAGE_SIZE_LIMIT_MB, image_file_size_limit: IMAGE_SIZE_LIMIT_MB, audio_file_size_limit: 0, video_file_size_limit: 0, workflow_file_upload_limit: 0 },
    models: settings.models.map((model) => ({ id: model.id, name: modelLabel(model), vision: model.vision })),
    default_model: defaultModelOf(settings).id,
    /** An addition: the chat page offers 联网搜索 only when the operator enabled it for the app. */
    web_search: { enabled: settings.webSearch },
  };
}

/** Images only, and only when one of the app's models can see them. */
function fileUploadJson(enabled: boolean) {
  const methods = enabled ? ["local_file", "remote_url"] : [];
  const limit = enabled ? IMAGES_PER_QUESTION : 0;
  return {
    enabled,
    allowed_file_types: enabled ? ["image"] : [],
    allowed_file_extensions: enabled ? IMAGE_EXTENSIONS.map((extension) => `.${extension}`) : [],
    allowed_file_upload_methods: methods,
    number_limits: limit,
    image: { enabled, number_limits: limit, transfer_methods: methods },
  };
}
