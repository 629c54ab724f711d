import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// The signed-URL step reads what the page copied.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const toasts = toastRegion;

// A 120×80 PNG for the avatars bucket (images only): big enough that a 40×20 transform shrinks it
// (Storage's image service never enlarges).
const avatarPng = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: "#6366f1" } }).png().toBuffer();

test("a user uploads, finds, downloads, shares and deletes a file", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/demo/storage");
  await expect(page.getByRole("list", { name: "存储桶列表" }).getByRole("button", { name: /^我的文件/ })).toHaveAttribute("aria-pressed", "true");

  const name = `季度报告 ${Date.now()}.txt`;
  const content = "思维火花的存储演示。\n".repeat(4000);
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(content) });

  const progress = page.getByRole("progressbar", { name: `「${name}」上传进度` });
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("region", { name: "上传队列" }).getByText("已完成", { exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "文件列表" });
  await expect(table.getByText(name, { exact: true })).toBeVisible();

  // The Chinese name survives a reload (it is stored encoded, shown decoded).
  await page.reload();
  await expect(table.getByText(name, { exact: true })).toBeVisible();

  await page.getByRole("searchbox", { name: "搜索文件" }).fill("没有这个文件");
  await expect(page.getByText("没有名称包含“没有这个文件”的文件")).toBeVisible();
  await page.getByRole("searchbox", { name: "搜索文件" }).fill("季度");
  await expect(table.getByText(name, { exact: true })).toBeVisible();

  const downloadStarted = page.waitForEvent("download");
  await page.getByRole("button", { name: `下载「${name}」` }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(name);
  expect(await readFile((await download.path())!, "utf8")).toBe(content);

  // Move it into a new folder (Chinese names in the path too), then open that folder.
  await page.getByRole("searchbox", { name: "搜索文件" }).fill("");
  await page.getByRole("button", { name: `重命名或移动「${name}」` }).click();
  await page.getByRole("dialog").getByLabel("新路径").fill(`归档/${name}`);
  await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
  await expect(toasts(page)).toContainText("已重命名 / 移动");
  await page.getByRole("button", { name: "打开文件夹「归档」" }).click();
  await expect(table.getByText(name, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: `复制「${name}」的签名链接` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("有效期").selectOption({ label: "1 分钟" });
  await dialog.getByRole("button", { name: "复制链接" }).click();
  await expect(dialog.getByRole("status")).toContainText("签名链接已复制");
  await expect(dialog.getByLabel("链接")).toHaveValue(/^https?:\/\//);
  // Focus stays in the dialog, on the new link.
  await expect(dialog.getByLabel("链接")).toBeFocused();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain("/storage/v1/object/sign/");
  const signedUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(signedUrl).toContain("/storage/v1/object/sign/files/");
  expect(signedUrl).not.toMatch(/[^\x20-\x7e]/); // the key is stored in ASCII, as hosted Storage requires
  await expect(dialog.getByLabel("链接")).toHaveValue(signedUrl);
  const fetched = await page.request.get(signedUrl);
  expect(fetched.status()).toBe(200);
  expect(await fetched.text()).toBe(content);
  // Escape closes the dialog itself (no toast on top of it takes the key first).
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: `删除「${name}」` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(toasts(page)).toContainText("已删除");
  await expect(table.getByText(name, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: `删除「${name}」` })).toHaveCount(0);
});

test("folders can be created, opened, renamed with their files and deleted", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/demo/storage");
  const folder = `资料 ${Date.now()}`;

  await page.getByRole("button", { name: "新建文件夹" }).click();
  await page.getByRole("dialog").getByLabel("文件夹名称").fill(folder);
  await page.getByRole("dialog").getByRole("button", { name: "创建" }).click();
  await page.getByRole("button", { name: `打开文件夹「${folder}」` }).click();
  const breadcrumb = page.getByRole("navigation", { name: "当前位置" });
  await expect(breadcrumb.getByText(folder)).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("这个文件夹还是空的")).toBeVisible();
  await page.getByTestId("upload-input").setInputFiles({ name: "笔记.txt", mimeType: "text/plain", buffer: Buffer.from("文件夹里的文件") });
  await expect(page.getByRole("progressbar", { name: "「笔记.txt」上传进度" })).toHaveAttribute("aria-valuenow", "100");

  // Renaming a folder moves everything in it.
  await breadcrumb.getByRole("button", { name: "全部文件" }).click();
  const renamed = `${folder} 改名`;
  await page.getByRole("button", { name: `重命名或移动「${folder}」` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("新路径").fill(`${folder}/子目录`);
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("不能把文件夹移动到它自己里面");
  await dialog.getByLabel("新路径").fill(renamed);
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("button", { name: `打开文件夹「${folder}」` })).toHaveCount(0);
  await page.getByRole("button", { name: `打开文件夹「${renamed}」` }).click();
  // In the table: the upload queue may still list the file too.
  await expect(page.getByRole("table", { name: "文件列表" }).getByText("笔记.txt", { exact: true })).toBeVisible();

  await breadcrumb.getByRole("button", { name: "全部文件" }).click();
  await page.getByRole("button", { name: `删除「${renamed}」` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByRole("button", { name: `打开文件夹「${renamed}」` })).toHaveCount(0);
});

test("the avatars bucket refuses wrong-type and too-large files in Chinese, and previews images", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/demo/storage");
  await page.getByRole("list", { name: "存储桶列表" }).getByRole("button", { name: /^头像/ }).click();
  await expect(page.getByText("单个文件最多 2 MB，允许的类型：图片。", { exact: false })).toBeVisible();

  await page.getByTestId("upload-input").setInputFiles([
    { name: "说明.txt", mimeType: "text/plain", buffer: Buffer.from("不是图片") },
    { name: "大图.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024) },
  ]);
  const queue = page.getByRole("region", { name: "上传队列" });
  await expect(queue.getByText("“说明.txt”的类型（text/plain）不被接受，存储桶“头像”只接受图片")).toBeVisible();
  await expect(queue.getByText("“大图.png”有 3 MB，超过了存储桶“头像”的上限（2 MB）")).toBeVisible();

  const name = `头像-${Date.now()}.png`;
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "image/png", buffer: await avatarPng() });
  await expect(page.getByRole("progressbar", { name: `「${name}」上传进度` })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("img", { name: `「${name}」的缩略图` })).toBeVisible();

  await page.getByRole("button", { name: `查看「${name}」的公开链接` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("宽度").fill("40");
  await dialog.getByLabel("高度").fill("20");
  const preview = dialog.getByRole("img", { name: `「${name}」的转换预览` });
  await expect(preview).toHaveAttribute("src", /render\/image\/public\/avatars\/.+width=40&height=20&resize=cover/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  await dialog.getByRole("button", { name: "关闭" }).first().click();

  await page.getByRole("button", { name: `删除「${name}」` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByRole("button", { name: `删除「${name}」` })).toHaveCount(0);
});

test("the account settings upload an avatar to the public avatars bucket", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/settings");
  await page.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await avatarPng() });
  await expect(toasts(page).getByText("头像已更新", { exact: true })).toBeVisible();
  const avatar = page.getByRole("img", { name: "当前头像" });
  await expect(avatar).toHaveAttribute("src", /\/storage\/v1\/object\/public\/avatars\/.+\/avatar\?v=\d+$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  // Still there after a reload: the URL is kept in the user's metadata.
  await page.reload();
  await expect(page.getByRole("img", { name: "当前头像" })).toBeVisible();
  await page.getByRole("button", { name: "移除头像" }).click();
  await expect(toasts(page).getByText("头像已移除", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: "当前头像" })).toHaveCount(0);
});

test("several files dropped on the zone upload together, each with its own progress row", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/demo/storage");
  await expect(page.getByRole("list", { name: "存储桶列表" }).getByRole("button", { name: /^我的文件/ })).toHaveAttribute("aria-pressed", "true");

  // Four files, one more than the page uploads at once, so one waits its turn.
  const stamp = Date.now();
  const files = [
    { name: `拖放-${stamp}-周报.md`, type: "text/markdown", text: "# 周报\n".repeat(2000) },
    { name: `拖放-${stamp}-数据.csv`, type: "text/csv", text: "日期,数量\n2026-11-22,3\n".repeat(5000) },
    { name: `拖放-${stamp}-说明.txt`, type: "text/plain", text: "说明" },
    { name: `drop-${stamp}-notes.json`, type: "application/json", text: JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => i) }) },
  ];
  // A real drop: the browser builds the DataTransfer, the zone gets dragover then drop.
  await page.getByTestId("upload-drop-zone").evaluate((zone, dropped) => {
    const data = new DataTransfer();
    for (const file of dropped) data.items.add(new File([file.text], file.name, { type: file.type }));
    zone.dispatchEvent(new DragEvent("dragenter", { dataTransfer: data, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);

  const queue = page.getByRole("region", { name: "上传队列" });
  await expect(queue.getByRole("listitem")).toHaveCount(files.length);
  for (const file of files) {
    const row = queue.getByRole("listitem").filter({ hasText: file.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("progressbar", { name: `「${file.name}」上传进度` })).toHaveAttribute("aria-valuenow", "100");
    await expect(row).toHaveAttribute("data-upload-status", "done");
    await expect(row.getByText("已完成", { exact: true })).toBeVisible();
  }
  await expect(toasts(page)).toContainText(`${files.length} 个文件已上传`);

  const table = page.getByRole("table", { name: "文件列表" });
  for (const file of files) await expect(table.getByText(file.name, { exact: true })).toBeVisible();
  // The bytes arrived intact: download one through the page.
  const downloadStarted = page.waitForEvent("download");
  await page.getByRole("button", { name: `下载「${files[1]!.name}」` }).click();
  expect(await readFile((await (await downloadStarted).path())!, "utf8")).toBe(files[1]!.text);
});

test("the storage page shows what the user's files take of the plan's quota", async ({ page }) => {
  // A new account of its own: the worker's shared account already holds other tests' files.
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/dashboard/demo/storage");
  const usage = page.getByTestId("storage-usage");
  await expect(usage).toContainText("已用 0 字节 / 100 MB");
  await page.getByTestId("upload-input").setInputFiles({ name: "用量.txt", mimeType: "text/plain", buffer: Buffer.alloc(2048, 0x61) });
  await expect(page.getByRole("table", { name: "文件列表" }).getByText("用量.txt", { exact: true })).toBeVisible();
  await expect(usage).toContainText("已用 2 KB / 100 MB");
  await expect(page.getByRole("progressbar", { name: "存储空间用量" })).toBeVisible();
});

test("a user makes a bucket of their own, sets its rules, empties and deletes it", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/dashboard/demo/storage");
  const buckets = page.getByRole("list", { name: "存储桶列表" });
  const name = `my-docs-${Date.now()}`;

  await page.getByRole("button", { name: "新建存储桶" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("名称").fill("Bad Name");
  await dialog.getByLabel(/单个文件大小上限/).fill("1");
  await dialog.getByLabel(/允许的文件类型/).fill("text/*");
  await dialog.getByRole("button", { name: "创建" }).click();
  await expect(dialog.getByRole("alert")).toContainText("小写字母");
  await dialog.getByLabel("名称").fill(name);
  await dialog.getByRole("button", { name: "创建" }).click();
  await expect(toasts(page)).toContainText(`已创建存储桶“${name}”`);
  const card = buckets.getByRole("button", { name: new RegExp(`^${name}`) });
  await expect(card).toContainText("我的");
  await expect(card).toContainText("单个文件最多 1 MB");
  await expect(card).toContainText("允许的类型：文本");

  // Its rules hold: a text file goes in, an image is refused before upload.
  await card.click();
  await page.getByTestId("upload-input").setInputFiles({ name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByRole("table", { name: "文件列表" }).getByText("note.txt", { exact: true })).toBeVisible();

  const actions = page.getByRole("group", { name: `管理「${name}」` });
  await actions.getByRole("button", { name: "设置" }).click();
  await page.getByRole("dialog").getByLabel(/公开/).check();
  await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
  await expect(toasts(page)).toContainText("存储桶设置已保存");
  await expect(card).toContainText("公开");

  // Deleting a bucket with files in it is refused in Chinese; emptying it first lets it go.
  await actions.getByRole("button", { name: "删除" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByRole("alertdialog").getByRole("alert")).toContainText("存储桶里还有文件，请先清空再删除");
  await page.getByRole("alertdialog").getByRole("button", { name: "取消" }).click();
  await actions.getByRole("button", { name: "清空" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认清空" }).click();
  await expect(toasts(page)).toContainText("存储桶已清空");
  await actions.getByRole("button", { name: "删除" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(toasts(page)).toContainText("存储桶已删除");
  await expect(buckets.getByRole("button", { name: new RegExp(`^${name}`) })).toHaveCount(0);
});
