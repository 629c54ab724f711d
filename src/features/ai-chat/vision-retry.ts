import type { DifyParameters } from "@/features/ai-runtime";
import type { Exchange } from "./types";

type ModelChoice = NonNullable<DifyParameters["models"]>[number];

/**
 * After the chosen model refused a question's images (it cannot see), the model to ask instead: the
 * app's first one that can. The question keeps its uploads, so 换用…重试 sends the same images —
 * nobody attaches them again. Null when nothing of the kind applies.
 */
export function visionRetryModel(exchange: Pick<Exchange, "status" | "files" | "error">, models: readonly ModelChoice[], currentModel: string | undefined): ModelChoice | null {
  if (exchange.status !== "error" || exchange.error?.statusCode !== 400) return null;
  if (!exchange.files.some((file) => file.type === "image")) return null;
  const current = models.find((model) => model.id === currentModel);
  if (!current || current.vision) return null;
  return models.find((model) => model.vision) ?? null;
}

export const visionRetryLabel = (modelName: string) => `换用「${modelName}」重试`;
