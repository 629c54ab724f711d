import { sectionsOfHtml } from "./html";
import { ExtractionError, type ExtractedDocument } from "./types";

/**
 * Word documents (.docx) through `mammoth`, as HTML so the document's headings (Heading 1–6 styles) become
 * sections, read by the HTML extractor.
 */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const mammoth = await import("mammoth");
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new ExtractionError("这个 Word 文件无法打开（只支持 .docx 格式）。");
  }
  return { parts: sectionsOfHtml(html), pages: 1 };
}
