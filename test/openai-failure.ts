import OpenAI from "openai";

/** The `APIError` an official OpenAI SDK call threw (it throws typed errors for OpenAI-shaped bodies). */
export async function openAiFailure(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}
