/**
 * Token estimate for providers that send no usage: one per CJK character, one per ~4 other
 * non-space characters (close to the BPE tokenizers of the Chinese models for mixed text). Rows
 * counted this way are marked estimated.
 */
export function countTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const char of text) {
    if (/[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(char)) cjk += 1;
    else if (!/\s/.test(char)) other += 1;
  }
  return cjk + Math.ceil(other / 4);
}
