import type { SearchHit } from './lexical-index';

type Vector = ArrayLike<number>;
export type DenseRow = { id: string; embedding: Vector | null; embeddingModel: string | null };

// Exact cosine search over one bot's chunk vectors, held in memory: the server has no vector
// index (pgvector) to use, and a full scan of a bot's chunks is a few million multiply-adds.
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

  // Each chunk's stored vector (unit length), so a rebuild after a change reuses the vectors
  // of the chunks that stayed instead of reading them all again.
  entries(): DenseRow[] {
    return this.ids.map((id, i) => ({
      id,
      embedding: this.vectors.subarray(i * this.dimensions, (i + 1) * this.dimensions),
      embeddingModel: this.label,
    }));
  }

  // Rows of other models or another width than the most common one are left out: their
  // vectors cannot be compared with it.
  static fromRows(rows: DenseRow[]): DenseIndex | null {
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

  search(query: Vector, k: number): SearchHit[] {
    if (query.length !== this.dimensions || k <= 0) return [];
    const unit = normalised(query);
    const { dimensions, vectors, ids } = this;
    const scores = new Float32Array(ids.length);
    for (let i = 0, offset = 0; i < ids.length; i += 1, offset += dimensions) {
      let dot = 0;
      for (let d = 0; d < dimensions; d += 1) dot += unit[d]! * vectors[offset + d]!;
      scores[i] = dot;
    }
    const order = Array.from(ids.keys()).sort((a, b) => scores[b]! - scores[a]!);
    return order.slice(0, k).map((i) => ({ id: ids[i]!, score: scores[i]! }));
  }
}

function normalised(vector: Vector) {
  const unit = Float32Array.from(vector);
  let norm = 0;
  for (const value of unit) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < unit.length; i += 1) unit[i]! /= norm;
  return unit;
}

// A one-dimensional real[] in PostgreSQL's binary array format (array_send): a header of five
// int32 (dimensions, null flag, element type, length, lower bound), then per element its byte
// length and a big-endian float4. Null for anything else (a null element, several dimensions).
export function decodeFloat4Array(bytes: Buffer): Float32Array | null {
  if (bytes.length < 20 || bytes.readInt32BE(0) !== 1 || bytes.readInt32BE(4) !== 0) return null;
  const length = bytes.readInt32BE(12);
  if (bytes.length !== 20 + length * 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const vector = new Float32Array(length);
  // Without nulls every element of a real[] is 4 bytes long, so the lengths need no reading.
  for (let i = 0, offset = 24; i < length; i += 1, offset += 8) {
    vector[i] = view.getFloat32(offset);
  }
  return vector;
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
