import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat } from "./support/chat";
import { expect, test } from "./support/fixtures";

// Issue 19, part 4: a ```mermaid block in an answer is drawn as an SVG diagram (mermaid is loaded
// only then), its code one click away; what the user typed into a label comes out as text.
test.describe.configure({ timeout: 90_000 });

test("a flowchart in an answer is drawn as SVG, with its code one click away, and a hostile label stays text", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto("/ai/chat/demo-chat");
  const ask = async (question: string) => {
    await askInChat(page, question);
    const exchange = page.getByTestId("exchange").last();
    await expect(exchange).toHaveAttribute("data-status", "done");
    const drawn = exchange.getByTestId("mermaid");
    await expect(drawn.locator("svg")).toBeVisible({ timeout: 20_000 });
    return drawn;
  };

  const diagram = await ask("画一个项目管理的流程图");
  await expect(diagram.locator("svg")).toContainText(/项目管理.*：明确目标/);
  await expect(diagram.locator("svg")).toContainText("信息是否充分");

  // Markup typed into a label is not turned into an element (strict mode sanitises it), and nothing runs.
  const hostile = await ask("画一个<img src=x onerror=alert(1)>项目管理的流程图");
  await expect(hostile.locator("img")).toHaveCount(0);
  expect(dialogs).toBe(0);

  await diagram.getByRole("button", { name: "查看代码" }).click();
  await expect(diagram.locator("pre")).toContainText("flowchart TD");
  await diagram.getByRole("button", { name: "查看图表" }).click();
  await expect(diagram.locator("svg")).toBeVisible();
});
