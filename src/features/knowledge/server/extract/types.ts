/** A part of a document that keeps its place: a PDF page, or the text under one heading. */
export interface DocumentPart {
  text: string;
  page?: number;
  section?: string;
}

/** What an extractor gives back: the document's text in parts, and its page count (1 for formats without pages). */
export interface ExtractedDocument {
  parts: DocumentPart[];
  pages: number;
}

/** An extraction that cannot succeed for a reason the user should read (Chinese). */
export class ExtractionError extends Error {
  override name = "ExtractionError";
}
