/**
 * Chinese word segmentation with ICU's dictionary segmenter, built into Node (`Intl.Segmenter`): no
 * native dependency and no dictionary file to ship. Words are lower-cased; punctuation and spaces drop.
 */
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** The words of a text, in order (repeats kept: term frequency matters to ranking). */
export function segmentWords(text: string): string[] {
  const words: string[] = [];
  for (const part of segmenter.segment(text.normalize("NFKC"))) {
    if (part.isWordLike) words.push(part.segment.toLowerCase());
  }
  return words;
}

/** Han ideographs: a word of them is also indexed by its characters, so a query segmented differently still meets it. */
const HAN = /\p{Script=Han}/u;

/** The words plus the single characters of multi-character Han words (the terms stored and searched). */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of segmentWords(text)) {
    terms.push(word);
    if (word.length > 1 && HAN.test(word)) for (const char of word) if (HAN.test(char)) terms.push(char);
  }
  return terms;
}
