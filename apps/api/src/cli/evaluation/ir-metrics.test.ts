import { describe, expect, it } from 'vitest';
import { evaluateRun, ndcgAt, parseQrels, percentile, recallAt } from './ir-metrics';

describe('ir-metrics', () => {
  const qrels = parseQrels('query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\nq2\td3\t1\n');

  it('when the ranking is ideal, then nDCG is 1; when swapped, then it is the log2 value', () => {
    const judged = qrels.get('q1')!;
    expect(ndcgAt(['d1', 'd2'], judged, 10)).toBeCloseTo(1);
    const ideal = 2 + 1 / Math.log2(3);
    expect(ndcgAt(['d2', 'd1'], judged, 10)).toBeCloseTo((1 + 2 / Math.log2(3)) / ideal);
    expect(recallAt(['x', 'd2'], judged, 10)).toBe(0.5);
  });

  it('when a judged query is missing from the run, then it counts as zero', () => {
    const metrics = evaluateRun(new Map([['q1', ['d1', 'd2']]]), qrels);
    expect(metrics.queries).toBe(2);
    expect(metrics.ndcg_at_10).toBeCloseTo(0.5);
    expect(metrics.mrr_at_10).toBeCloseTo(0.5);
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
  });
});
