import { afterAll, beforeAll, expect, test } from 'vitest';
import { evaluateRetrieval } from '../src/cli/evaluation/retrieval-evaluation';
import { parseQrels } from '../src/cli/evaluation/ir-metrics';
import { createTestApp, type TestContext } from './helper';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ runWorkers: false });
});
afterAll(async () => {
  await context.close();
});

const corpus = [
  {
    _id: 'd1',
    title: 'Opening hours',
    text: 'The shop opens at nine and closes at six on weekdays.',
  },
  {
    _id: 'd2',
    title: 'Returns',
    text: 'Goods can be returned within thirty days with the receipt.',
  },
  { _id: 'd3', title: 'Shipping', text: 'Parcels leave the warehouse every afternoon by courier.' },
  { _id: 'd4', title: 'Empty', text: '' },
];
const queries = [
  { _id: 'q1', text: 'when does the shop close?' },
  { _id: 'q2', text: 'how many days do I have to return goods' },
  { _id: 'q3', text: 'an unjudged query is not scored' },
];
const qrels = parseQrels('query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t1\n');

async function leftovers() {
  const { rows } = await context.database.pool.query<{ bots: number; users: number }>(
    `select (select count(*)::int from chatbots) as bots, (select count(*)::int from users) as users`,
  );
  return rows[0];
}

for (const mode of ['batch', 'document'] as const) {
  test(`when a BEIR corpus is evaluated (${mode} indexing), then the app's search finds the judged documents and the throw-away bot is gone afterwards`, async () => {
    const result = await evaluateRetrieval(context.database.db, { corpus, queries, qrels, mode });
    expect(result).toMatchObject({
      ndcg_at_10: 1,
      recall_at_10: 1,
      recall_at_100: 1,
      mrr_at_10: 1,
      queries: 2,
      docs: 4,
      chunks: 3,
    });
    expect(result.index_seconds).toBeGreaterThan(0);
    expect(result.query_ms_p95).toBeGreaterThanOrEqual(result.query_ms_p50);
    expect(await leftovers()).toEqual({ bots: 0, users: 0 });
  });
}
