import { describe, expect, test } from 'vitest';
import { DenseIndex, reciprocalRankFusion } from './dense-index';

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
});
