import { extractDocx } from "./docx";
import { extractHtml } from "./html";
import { extractMarkdown } from "./markdown";
import { extractPdf } from "./pdf";
import { extractText } from "./text";
import { ExtractionError, type ExtractedDocument } from "./types";

export { ExtractionError, type DocumentPart, type ExtractedDocument } from "./types";
export { SCANNED_PDF_REASON } from "./pdf";
export { titleOfHtml } from "./html";

export const DOCUMENT_FORMATS = ["pdf", "docx", "html", "markdown", "text"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

const BY_EXTENSION: Record<string, DocumentFormat> = { pdf: "pdf", docx: "docx", html: "html", htm: "html", md: "markdown", markdown: "markdown", txt: "text" };
const BY_TYPE: Record<string, DocumentFormat> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/html": "html",
  "application/xhtml+xml": "html",
  "text/markdown": "markdown",
  "text/plain": "text",
};

export const UNSUPPORTED_FORMAT = "只支持 PDF、Word（.docx）、Markdown、TXT 和 HTML 文件。";

/** The format of a file by its name's extension, else its media type; null when not supported. */
export function formatOf(name: string, mediaType = ""): DocumentFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || BY_TYPE[mediaType.split(";")[0]!.trim().toLowerCase()] || null;
}

/** A document's text by format; ExtractionError (Chinese reason) when it cannot be read. */
export async function extractDocument(bytes: Uint8Array, format: DocumentFormat, limits: { maxPages: number }): Promise<ExtractedDocument> {
  switch (format) {
    case "pdf":
      return extractPdf(bytes, limits);
    case "docx":
      return extractDocx(bytes);
    case "html":
      return extractHtml(bytes);
    case "markdown":
      return extractMarkdown(bytes);
    case "text":
      return extractText(bytes);
    default:
      throw new ExtractionError(UNSUPPORTED_FORMAT);
  }
}
