/** Graded judgements per query: query id → document id → relevance (0 = judged not relevant). */
export type Qrels = Map<string, Map<string, number>>;

export type RetrievalMetrics = {
  ndcg_at_10: number;
  recall_at_10: number;
  recall_at_100: number;
  mrr_at_10: number;
  // The share of queries whose first document is relevant.
  success_at_1: number;
  queries: number;
};

/** Reads a BEIR qrels TSV (header `query-id corpus-id score`). */
export function parseQrels(tsv: string): Qrels {
  const qrels: Qrels = new Map();
  for (const line of tsv.split(/\r?\n/)) {
    const [queryId, documentId, score] = line.split('\t');
    if (!queryId || !documentId || score === undefined || queryId === 'query-id') continue;
    let judged = qrels.get(queryId);
    if (!judged) qrels.set(queryId, (judged = new Map()));
    judged.set(documentId, Number(score));
  }
  return qrels;
}

// trec_eval's ndcg_cut (which BEIR reports through pytrec_eval): linear gain, log2 discount, the
// ideal ranking built from every judged document of the query.
export function ndcgAt(ranked: string[], judged: Map<string, number>, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, index) => {
    const gain = judged.get(id) ?? 0;
    if (gain > 0) dcg += gain / Math.log2(index + 2);
  });
  const ideal = Array.from(judged.values())
    .filter((gain) => gain > 0)
    .sort((x, y) => y - x)
    .slice(0, k);
  const idcg = ideal.reduce((acc, gain, index) => acc + gain / Math.log2(index + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}

export function recallAt(ranked: string[], judged: Map<string, number>, k: number): number {
  let relevant = 0;
  for (const gain of judged.values()) if (gain > 0) relevant++;
  if (relevant === 0) return 0;
  let found = 0;
  for (const id of ranked.slice(0, k)) if ((judged.get(id) ?? 0) > 0) found++;
  return found / relevant;
}

export function reciprocalRankAt(ranked: string[], judged: Map<string, number>, k: number): number {
  const index = ranked.slice(0, k).findIndex((id) => (judged.get(id) ?? 0) > 0);
  return index === -1 ? 0 : 1 / (index + 1);
}

/**
 * Means over the judged queries that have at least one relevant document; a judged query missing
 * from the run counts as zero, as in trec_eval with -c.
 */
export function evaluateRun(run: Map<string, string[]>, qrels: Qrels): RetrievalMetrics {
  let ndcg = 0;
  let recall10 = 0;
  let recall100 = 0;
  let mrr = 0;
  let successes = 0;
  let queries = 0;
  for (const [queryId, judged] of qrels) {
    if (!Array.from(judged.values()).some((gain) => gain > 0)) continue;
    const ranked = run.get(queryId) ?? [];
    ndcg += ndcgAt(ranked, judged, 10);
    recall10 += recallAt(ranked, judged, 10);
    recall100 += recallAt(ranked, judged, 100);
    mrr += reciprocalRankAt(ranked, judged, 10);
    if ((judged.get(ranked[0] ?? '') ?? 0) > 0) successes++;
    queries++;
  }
  const mean = (total: number) => (queries > 0 ? total / queries : 0);
  return {
    ndcg_at_10: mean(ndcg),
    recall_at_10: mean(recall10),
    recall_at_100: mean(recall100),
    mrr_at_10: mean(mrr),
    success_at_1: mean(successes),
    queries,
  };
}

/** Nearest-rank percentile of a list of timings. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
