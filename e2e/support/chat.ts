import type { Page } from "@playwright/test";

/** Types a question into a chat page's composer and sends it with Enter, as a user does. */
export async function askInChat(page: Page, question: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "输入消息" });
  await box.fill(question);
  await box.press("Enter");
}
