import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { extractDocument, ExtractionError, formatOf, SCANNED_PDF_REASON, titleOfHtml } from ".";
import { writeSamplePdf } from "./sample-pdf";

const bytes = (text: string) => new TextEncoder().encode(text);
const limits = { maxPages: 300 };

/** A minimal Word document: a heading and paragraphs (what mammoth needs to read one). */
function sampleDocx(): Uint8Array {
  const paragraph = (text: string, style?: string) => `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ""}<w:r><w:t>${text}</w:t></w:r></w:p>`;
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    // Headings are styles by name ("heading 1"), as Word writes them.
    "word/styles.xml": strToU8(
      '<?xml version="1.0"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>',
    ),
    "word/document.xml": strToU8(
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph("前言", "Heading1")}${paragraph("这是一份测试文档。")}${paragraph("安装步骤", "Heading1")}${paragraph("先下载，再运行。")}</w:body></w:document>`,
    ),
  });
}

describe("document extraction", () => {
  it("knows formats by extension, then by media type", () => {
    expect(formatOf("报告.PDF")).toBe("pdf");
    expect(formatOf("说明.md")).toBe("markdown");
    expect(formatOf("page", "text/html; charset=utf-8")).toBe("html");
    expect(formatOf("程序.exe", "application/octet-stream")).toBeNull();
  });

  it("reads a PDF page by page, keeping page numbers", async () => {
    const pdf = writeSamplePdf([["第一页：思维火花是一个 AI 工作流平台。"], [], ["第三页：知识库支持中文检索。"]]);
    const document = await extractDocument(pdf, "pdf", limits);
    expect(document.pages).toBe(3);
    expect(document.parts.map((part) => part.page)).toEqual([1, 3]);
    expect(document.parts[0]!.text).toContain("思维火花是一个 AI 工作流平台");
    expect(document.parts[1]!.text).toContain("知识库支持中文检索");
  });

  it("refuses a PDF without a text layer (a scan) with the Chinese reason", async () => {
    await expect(extractDocument(writeSamplePdf([[], []]), "pdf", limits)).rejects.toThrow(SCANNED_PDF_REASON);
  });

  it("refuses a PDF over the plan's page cap before reading its pages, and a broken PDF clearly", async () => {
    const pdf = writeSamplePdf(Array.from({ length: 4 }, (_, index) => [`第 ${index + 1} 页`]));
    await expect(extractDocument(pdf, "pdf", { maxPages: 3 })).rejects.toThrow(/4 页，超过了您的套餐上限（3 页）/);
    await expect(extractDocument(bytes("%PDF-1.7 garbage"), "pdf", limits)).rejects.toBeInstanceOf(ExtractionError);
  });

  it("reads Markdown in sections by heading path, ignoring # lines inside code fences", async () => {
    const markdown = "---\ntitle: x\n---\n开头的话。\n# 安装\n先下载。\n## 下载\n```sh\n# 不是标题\n```\n# 使用\n打开页面。";
    const { parts } = await extractDocument(bytes(markdown), "markdown", limits);
    expect(parts.map((part) => part.section)).toEqual([undefined, "安装", "安装 › 下载", "使用"]);
    expect(parts[2]!.text).toContain("# 不是标题");
    expect(parts[0]!.text).not.toContain("title");
  });

  it("reads HTML in sections by heading, without scripts, styles or navigation", async () => {
    const html = "<html><head><title>帮助中心</title><style>p{}</style></head><body><nav>首页 | 关于</nav><h1>账户</h1><p>注册<b>很简单</b>。</p><script>alert(1)</script><h2>密码</h2><p>忘记密码可以重置。</p></body></html>";
    const { parts } = await extractDocument(bytes(html), "html", limits);
    expect(parts).toEqual([
      { text: "账户\n注册很简单。", section: "账户" },
      { text: "密码\n忘记密码可以重置。", section: "账户 › 密码" },
    ]);
    expect(titleOfHtml(html)).toBe("帮助中心");
  });

  it("reads a Word document with its headings as sections", async () => {
    const { parts } = await extractDocument(sampleDocx(), "docx", limits);
    expect(parts.map((part) => part.section)).toEqual(["前言", "安装步骤"]);
    expect(parts[1]!.text).toContain("先下载，再运行。");
    await expect(extractDocument(bytes("not a zip"), "docx", limits)).rejects.toThrow(/Word 文件无法打开/);
  });

  it("reads plain text as one part", async () => {
    expect((await extractDocument(bytes("\ufeff第一行\n第二行"), "text", limits)).parts).toEqual([{ text: "第一行\n第二行" }]);
  });
});
