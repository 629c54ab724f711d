import type { DocumentPart } from "./extract/types";

/** About how long a chunk is, and how much of the previous chunk's end starts the next (characters). */
export const CHUNK_CHARS = 500;
export const CHUNK_OVERLAP_CHARS = 80;

export interface Chunk {
  content: string;
  page?: number;
  section?: string;
}

/**
 * Sentences end at 。！？； and their ASCII forms (with any closing quotes or brackets), and at line breaks; the
 * ending stays with its sentence. A Latin period is not an end: it is also a decimal point or a version dot.
 */
const SENTENCE = /[^。！？；!?;\n]*(?:[。！？；!?;]+[」』”’）)]*|\n+|$)/gu;

function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const match of text.matchAll(SENTENCE)) {
    const sentence = match[0];
    if (!sentence) continue;
    // A sentence longer than a chunk (a table row, a run without punctuation) is cut at the chunk size.
    for (let start = 0; start < sentence.length; start += CHUNK_CHARS) sentences.push(sentence.slice(start, start + CHUNK_CHARS));
  }
  return sentences;
}

/** Whitespace runs folded, so a chunk's length counts what the reader sees. */
const tidy = (text: string) => text.replace(/[ \t\f\v\u00a0\u3000]+/g, " ").replace(/\s*\n\s*/g, "\n").trim();

/**
 * A part's text in chunks of about CHUNK_CHARS characters, split between sentences; each chunk starts with
 * the last sentences (up to CHUNK_OVERLAP_CHARS) of the one before, so an answer that straddles a boundary is
 * still found whole in one of them. Chunks never cross parts: each keeps its page and section.
 */
export function chunkParts(parts: readonly DocumentPart[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const part of parts) {
    const place = { ...(part.page !== undefined ? { page: part.page } : {}), ...(part.section ? { section: part.section } : {}) };
    let current: string[] = [];
    let length = 0;
    // Sentences added since the last chunk: a chunk of only the carried overlap is never stored.
    let fresh = 0;
    const flush = () => {
      const content = tidy(current.join(""));
      if (content && fresh > 0) chunks.push({ content, ...place });
      const carried: string[] = [];
      let carriedLength = 0;
      for (let index = current.length - 1; index >= 0; index -= 1) {
        const sentence = current[index]!;
        if (carriedLength + sentence.length > CHUNK_OVERLAP_CHARS) break;
        carried.unshift(sentence);
        carriedLength += sentence.length;
      }
      current = carried;
      length = carriedLength;
      fresh = 0;
    };
    for (const sentence of sentencesOf(part.text)) {
      if (length + sentence.length > CHUNK_CHARS && fresh > 0) flush();
      current.push(sentence);
      length += sentence.length;
      fresh += 1;
    }
    flush();
  }
  return chunks;
}
