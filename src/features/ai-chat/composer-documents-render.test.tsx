import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DifyFileUploadConfig } from "@/features/ai-runtime";
import { AttachedDocumentsList } from "@/features/knowledge";
import { Composer } from "./components/composer";
import { composerUploads } from "./composer-uploads";

const noop = () => undefined;
const images: DifyFileUploadConfig = {
  enabled: true,
  allowed_file_types: ["image"],
  allowed_file_extensions: [".png"],
  allowed_file_upload_methods: ["local_file"],
  number_limits: 3,
  image: { enabled: true, number_limits: 3, transfer_methods: ["local_file"] },
};
const noUploads: DifyFileUploadConfig = { enabled: false, allowed_file_types: [], allowed_file_upload_methods: [], number_limits: 0 };
const file = (name: string) => new File(["x"], name);

function recorder() {
  const attached: string[] = [];
  const uploaded: string[] = [];
  const uploads = { files: [], uploading: false, add: (files: FileList | File[]) => uploaded.push(...Array.from(files, (item) => item.name)), remove: noop };
  return { attached, uploaded, uploads, documents: { attach: (picked: File) => attached.push(picked.name) } };
}

describe("the composer's paperclip in a model-app chat", () => {
  it("sends documents to the knowledge attach and images to the app's uploads", () => {
    const { attached, uploaded, uploads, documents } = recorder();
    const paperclip = composerUploads(images, uploads, documents);
    paperclip.add([file("说明书.pdf"), file("photo.png"), file("notes.MD"), file("page.html")]);
    expect(attached).toEqual(["说明书.pdf", "notes.MD", "page.html"]);
    expect(uploaded).toEqual(["photo.png"]);
    expect(paperclip.accept).toContain(".png");
    expect(paperclip.accept).toContain(".pdf");
    expect(paperclip.accept).toContain(".docx");
  });

  it("takes documents even when the app's models cannot see images", () => {
    const { attached, uploads, documents } = recorder();
    const paperclip = composerUploads(noUploads, uploads, documents);
    expect(paperclip.enabled).toBe(true);
    expect(paperclip.accept).not.toContain(".png");
    paperclip.add([file("a.txt")]);
    expect(attached).toEqual(["a.txt"]);
  });

  it("is unchanged in a Dify app: everything goes to the app's uploads, documents are not offered", () => {
    const { uploaded, uploads } = recorder();
    const paperclip = composerUploads(noUploads, uploads, null);
    expect(paperclip.enabled).toBe(false);
    const withImages = composerUploads(images, uploads, null);
    withImages.add([file("a.pdf")]);
    expect(uploaded).toEqual(["a.pdf"]);
    expect(withImages.accept).not.toContain(".pdf");
  });

  it("shows the attached documents among the pending files with their status, each removable; sending waits while one is 解析中", () => {
    const documents = [
      { id: "d1", name: "说明书.pdf", status: "parsing" as const, failureReason: null, sent: false },
      { id: "d2", name: "合同.docx", status: "indexed" as const, failureReason: null, sent: false },
      { id: "d3", name: "扫描件.pdf", status: "failed" as const, failureReason: "这个 PDF 没有文字层", sent: false },
      { id: "l4", name: "笔记.md", status: "uploading" as const, failureReason: null, sent: false },
    ];
    const html = renderToStaticMarkup(
      <Composer
        streaming={false}
        uploads={composerUploads(images, recorder().uploads, { attach: noop })}
        documents={{ list: <AttachedDocumentsList documents={documents} onRemove={noop} />, preparing: true }}
        onSend={() => true}
        onStop={noop}
      />,
    );
    expect(html).toContain('aria-label="附加的文档"');
    expect(html).toContain('data-status="parsing"');
    expect(html).toContain("解析中");
    expect(html).toContain("已索引");
    expect(html).toContain("这个 PDF 没有文字层");
    expect(html).toContain("上传中");
    expect(html).toContain('aria-label="移除「合同.docx」"');
    expect(html).toContain("文档解析中…");
    expect(html).toMatch(/aria-label="发送" disabled=""/);
  });
});
