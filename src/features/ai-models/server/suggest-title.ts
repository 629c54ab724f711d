import { providerClient, type EmbeddedProvider } from "./provider-client";
import type { ModelApp } from "./settings";

const TITLE_PROMPT = "用不超过 12 个字概括用户问题的主题，作为对话标题。只输出标题本身，不要标点和引号。";

/** First line of what the model said, without quotes or a trailing full stop, at most 20 characters. */
function cleanTitle(text: string): string {
  const line = text.replace(/<think>[\s\S]*?<\/think>/g, "").trim().split("\n")[0] ?? "";
  return [...line.replace(/^["'「『《]+|["'」』》。.!！]+$/g, "").trim()].slice(0, 20).join("");
}

/**
 * An AI-generated conversation title (Dify's `auto_generate`): asks the conversation's model for a
 * short title. On any failure the first question, shortened, names the conversation instead.
 */
export async function suggestTitle(options: { app: ModelApp; model: string; question: string; embedded: EmbeddedProvider; fetch?: typeof fetch }): Promise<string> {
  const fallback = [...options.question.trim()].slice(0, 20).join("");
  try {
    const client = providerClient(options.app.settings.provider, { embedded: options.embedded, timeoutMs: 10_000, fetch: options.fetch });
    const completion = await client.chat.completions.create({
      model: options.model,
      messages: [
        { role: "system", content: TITLE_PROMPT },
        { role: "user", content: options.question },
      ],
      max_tokens: 32,
    }, { signal: AbortSignal.timeout(10_000) }); // the whole call, body included: naming must not hold the stream open
    return cleanTitle(completion.choices[0]?.message.content ?? "") || fallback;
  } catch {
    return fallback;
  }
}
