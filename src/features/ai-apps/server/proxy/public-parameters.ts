/**
 * What of an app's `/parameters` the browser may see. Dify returns its moderation settings whole,
 * keyword list included: handing that list to every user would show them what to avoid, so it stays
 * on the server (the chat page only needs the preset replies).
 */
export function publicParameters(parameters: unknown): unknown {
  if (!isRecord(parameters) || !isRecord(parameters.sensitive_word_avoidance)) return parameters;
  const avoidance = parameters.sensitive_word_avoidance;
  const withoutKeywords = (config: unknown) => {
    if (!isRecord(config)) return config;
    const { keywords: _keywords, ...rest } = config; // eslint-disable-line @typescript-eslint/no-unused-vars -- dropped on purpose
    return rest;
  };
  return { ...parameters, sensitive_word_avoidance: { ...avoidance, config: withoutKeywords(avoidance.config), configs: withoutKeywords(avoidance.configs) } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
