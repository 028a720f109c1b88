import type { SearchHit } from './lexical-index';

// Exact cosine search over one bot's chunk vectors, held in memory: a bot's few thousand chunks
// are scanned in well under a millisecond, and the server has no vector index (pgvector) to use.
export class DenseIndex {
  private constructor(
    readonly label: string,
    readonly dimensions: number,
    private readonly ids: string[],
    // Unit-length vectors, one after another.
    private readonly vectors: Float32Array,
  ) {}

  get size() {
    return this.ids.length;
  }

  // Rows of other models or another width than the most common one are left out: their
  // vectors cannot be compared with it.
  static fromRows(
    rows: Array<{ id: string; embedding: number[] | null; embeddingModel: string | null }>,
  ): DenseIndex | null {
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (!row.embedding?.length || !row.embeddingModel) continue;
      const key = `${row.embedding.length}|${row.embeddingModel}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let best: string | null = null;
    for (const [key, count] of counts) if (!best || count > counts.get(best)!) best = key;
    if (!best) return null;
    const separator = best.indexOf('|');
    const dimensions = Number(best.slice(0, separator));
    const label = best.slice(separator + 1);
    const kept = rows.filter(
      (row) => row.embeddingModel === label && row.embedding?.length === dimensions,
    );
    const vectors = new Float32Array(kept.length * dimensions);
    kept.forEach((row, i) => vectors.set(normalised(row.embedding!), i * dimensions));
    return new DenseIndex(
      label,
      dimensions,
      kept.map((row) => row.id),
      vectors,
    );
  }

  search(query: number[], k: number): SearchHit[] {
    if (query.length !== this.dimensions || k <= 0) return [];
    const unit = normalised(query);
    const hits: SearchHit[] = [];
    for (let i = 0; i < this.ids.length; i += 1) {
      let dot = 0;
      const offset = i * this.dimensions;
      for (let d = 0; d < this.dimensions; d += 1) dot += unit[d]! * this.vectors[offset + d]!;
      hits.push({ id: this.ids[i]!, score: dot });
    }
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, k);
  }
}

function normalised(vector: number[]) {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  return vector.map((value) => value / norm);
}

// Reciprocal rank fusion: each list contributes 1 / (k + rank), so BM25 scores and cosine
// similarities need no common scale; k = 60 is the constant of Cormack et al. (2009).
export function reciprocalRankFusion(lists: SearchHit[][], limit: number, k = 60): SearchHit[] {
  const fused = new Map<string, number>();
  for (const list of lists) {
    list.forEach((hit, rank) => fused.set(hit.id, (fused.get(hit.id) ?? 0) + 1 / (k + rank + 1)));
  }
  return [...fused]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
