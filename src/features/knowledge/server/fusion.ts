/** One ranked list's candidate with its raw score (BM25, cosine…; higher is better, any scale). */
export interface ScoredCandidate {
  id: string;
  score: number;
}

/** How many of a list's first places its confidence looks at. */
const CONFIDENCE_DEPTH = 10;

/**
 * How sure a ranked list is of its first place, in [0, 1]: how far the best score stands above the mean of
 * places 2…10, as a share of the best score (scores where 0 means "no match", as BM25 and the cosine of text
 * embeddings are). BM25 with a rare term matched, or a good embedding model, gives a clear winner (→ 1); a
 * weak embedding model gives every chunk about the same cosine (→ 0). One candidate: sure; none / no match: 0.
 */
export function listConfidence(sortedScores: readonly number[]): number {
  const top = sortedScores[0];
  if (top === undefined || top <= 0) return 0;
  const runnersUp = sortedScores.slice(1, CONFIDENCE_DEPTH);
  if (runnersUp.length === 0) return 1;
  const mean = runnersUp.reduce((sum, value) => sum + value, 0) / runnersUp.length;
  return Math.min(1, Math.max(0, (top - mean) / top));
}

/**
 * Hybrid fusion that weighs each list by how sure it is: every list's scores are min-max normalised to [0, 1]
 * (absent from a list = 0) and summed, weighted by `listConfidence` squared (so when the lists disagree the
 * surer one decides), divided by the weights' sum. Why not reciprocal-rank fusion: RRF trusts every list
 * equally, so a flat embedding list (near-random order among its top candidates) pushes a clear full-text
 * winner below chunks merely mid-ranked in both. Here a flat list mostly breaks ties and adds candidates,
 * while a sure one (a chunk full text misses or ranks low) still rises to the top. Ties: by id (stable).
 */
export function confidenceWeightedFusion(lists: readonly (readonly ScoredCandidate[])[], limit: number): ScoredCandidate[] {
  const fused = new Map<string, number>();
  let totalWeight = 0;
  for (const list of lists) {
    if (list.length === 0) continue;
    const sorted = [...list].sort((a, b) => b.score - a.score);
    const top = sorted[0]!.score;
    const span = top - sorted[sorted.length - 1]!.score;
    // A little weight even for an unsure list, so its candidates still count when no list is sure.
    const weight = Math.max(listConfidence(sorted.map((candidate) => candidate.score)), 0.05) ** 2;
    totalWeight += weight;
    for (const candidate of sorted) {
      const normalized = span > 0 ? (candidate.score - (top - span)) / span : 1;
      fused.set(candidate.id, (fused.get(candidate.id) ?? 0) + weight * normalized);
    }
  }
  return [...fused]
    .map(([id, score]) => ({ id, score: score / totalWeight }))
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
