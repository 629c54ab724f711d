import { ExtractionError, type ExtractedDocument } from "./types";

export const SCANNED_PDF_REASON = "这个 PDF 没有可识别的文字（可能是扫描件），暂不支持。";
export const UNREADABLE_PDF_REASON = "这个 PDF 无法打开（文件损坏或已加密）。";

/** Fewer visible characters than this per page on average: no text layer worth indexing (a scan). */
const MIN_CHARS_PER_PAGE = 5;

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/**
 * PDF text page by page with Mozilla's pdf.js (`pdfjs-dist`, the legacy build that runs on Node 20 without a
 * canvas: only the text layer is read). A document longer than `maxPages` is refused before its pages are read.
 */
export async function extractPdf(bytes: Uint8Array, options: { maxPages: number }): Promise<ExtractedDocument> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdf.js may take ownership of the buffer it is given: it gets a copy.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch {
    throw new ExtractionError(UNREADABLE_PDF_REASON);
  }
  try {
    if (document.numPages > options.maxPages) throw new ExtractionError(`这个 PDF 有 ${document.numPages} 页，超过了您的套餐上限（${options.maxPages} 页）。`);
    const parts: ExtractedDocument["parts"] = [];
    let visible = 0;
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = (content.items as TextItemLike[]).map((item) => `${item.str ?? ""}${item.hasEOL ? "\n" : ""}`).join("");
      page.cleanup();
      visible += text.replace(/\s/g, "").length;
      if (text.trim()) parts.push({ text, page: number });
    }
    if (visible < MIN_CHARS_PER_PAGE * document.numPages) throw new ExtractionError(SCANNED_PDF_REASON);
    return { parts, pages: document.numPages };
  } finally {
    await document.destroy();
  }
}
