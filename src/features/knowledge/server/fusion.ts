/**
 * Reciprocal-rank fusion (Cormack et al., 2009): each list gives an item 1 / (k + rank); the sums order the
 * result. Ranks only, never raw scores, so a full-text rank and a cosine similarity combine without tuning
 * their scales. k = 60 is the paper's constant.
 */
export const RRF_K = 60;

export function reciprocalRankFusion(lists: readonly (readonly string[])[], limit: number): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + index + 1)));
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index]!;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}
