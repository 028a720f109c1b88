import { describe, expect, test } from 'vitest';
import { decodeFloat4Array, DenseIndex, reciprocalRankFusion } from './dense-index';

describe('dense index', () => {
  test('when vectors point the same way, then cosine ranks them first whatever their length', () => {
    const index = DenseIndex.fromRows([
      { id: 'a', embedding: [10, 0, 0], embeddingModel: 'm' },
      { id: 'b', embedding: [0, 1, 0], embeddingModel: 'm' },
      { id: 'c', embedding: [1, 1, 0], embeddingModel: 'm' },
    ])!;
    expect(index.search([1, 0, 0], 2).map((hit) => hit.id)).toEqual(['a', 'c']);
  });

  test('when chunks were embedded by different models, then only the most common model is searched', () => {
    const index = DenseIndex.fromRows([
      { id: 'a', embedding: [1, 0], embeddingModel: 'old' },
      { id: 'b', embedding: [1, 0, 0], embeddingModel: 'new' },
      { id: 'c', embedding: [0, 1, 0], embeddingModel: 'new' },
      { id: 'd', embedding: null, embeddingModel: null },
    ])!;
    expect(index.label).toBe('new');
    expect(index.size).toBe(2);
    expect(DenseIndex.fromRows([{ id: 'd', embedding: null, embeddingModel: null }])).toBeNull();
  });

  test('when two rankings are fused, then a chunk high in both beats one high in only one', () => {
    const fused = reciprocalRankFusion(
      [
        [
          { id: 'x', score: 9 },
          { id: 'y', score: 8 },
        ],
        [
          { id: 'y', score: 0.9 },
          { id: 'z', score: 0.8 },
        ],
      ],
      3,
    );
    expect(fused.map((hit) => hit.id)).toEqual(['y', 'x', 'z']);
  });

  test('when PostgreSQL sends a real[] in binary, then the floats come back, and an array with nulls is refused', () => {
    const values = [0.5, -2, 3.25];
    const bytes = Buffer.alloc(20 + values.length * 8);
    [1, 0, 700, values.length, 1].forEach((word, i) => bytes.writeInt32BE(word, i * 4));
    values.forEach((value, i) => {
      bytes.writeInt32BE(4, 20 + i * 8);
      bytes.writeFloatBE(value, 24 + i * 8);
    });
    expect(Array.from(decodeFloat4Array(bytes)!)).toEqual(values);
    bytes.writeInt32BE(1, 4);
    expect(decodeFloat4Array(bytes)).toBeNull();
  });
});
