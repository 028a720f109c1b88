import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkSections } from '../apps/api/src/modules/retrieval/chunk-sections';
import type { ChunkOptions } from '../apps/api/src/modules/retrieval/chunk-sections';
import { evaluateRun, parseQrels, percentile } from '../apps/api/src/cli/evaluation/ir-metrics';
import {
  LexicalIndex,
  aggregateByDocument,
  gramText,
} from '../apps/api/src/modules/retrieval/lexical-index';
import type { LexicalIndexOptions } from '../apps/api/src/modules/retrieval/lexical-index';
import { readJsonl } from './jsonl';

// CI clones the repository to $D/askwell with the shared test data beside it in $D/shared.
const dataRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../shared/testdata/retrieval',
);

type Dataset = { name: string; dir: string; queries: string; qrels: string };

const datasets: Dataset[] = [
  { name: 'scifact', dir: 'scifact', queries: 'queries-train.jsonl', qrels: 'qrels/train.tsv' },
  ...['en', 'de', 'es'].map((language) => ({
    name: `xquad_${language}`,
    dir: `xquad/beir/${language}`,
    queries: 'queries.jsonl',
    qrels: 'qrels/test.tsv',
  })),
];

type Settings = { chunk?: ChunkOptions; index?: LexicalIndexOptions; aggregate?: 'max' | 'top2' };

// Settings can be overridden with RETRIEVAL_SETTINGS='{"index":{"k1":0.9}}' to explore; the
// defaults are the product's.
export async function evaluateDataset(dataset: Dataset, settings: Settings = {}) {
  const dir = path.join(dataRoot, dataset.dir);
  const corpus = await readJsonl<{ _id: string; title?: string; text: string }>(
    path.join(dir, 'corpus.jsonl'),
  );
  const queries = await readJsonl<{ _id: string; text: string }>(path.join(dir, dataset.queries));
  const qrels = parseQrels(await readFile(path.join(dir, dataset.qrels), 'utf8'));

  const started = performance.now();
  const documentOf = new Map<string, string>();
  // The chunks' texts, for the four-grams, as the bot's index keeps them.
  const texts = new Map<string, string>();
  const index = new LexicalIndex(settings.index, (id) => texts.get(id));
  let chunks = 0;
  for (const document of corpus) {
    const pieces = chunkSections(
      [{ text: document.text, heading: document.title || undefined }],
      settings.chunk,
    );
    index.add(
      pieces.map((piece) => {
        const id = `${document._id}#${piece.ordinal}`;
        documentOf.set(id, document._id);
        texts.set(id, gramText(piece.heading, piece.text));
        return { id, text: piece.text, heading: piece.heading };
      }),
    );
    chunks += pieces.length;
  }
  const indexSeconds = (performance.now() - started) / 1000;

  const judgedQueries = queries.filter((query) => qrels.has(query._id));
  const run = new Map<string, string[]>();
  const timings: number[] = [];
  for (const query of judgedQueries) {
    const begun = performance.now();
    const hits = index.search(query.text, 300);
    const documents = aggregateByDocument(hits, (id) => documentOf.get(id)!, settings.aggregate);
    timings.push(performance.now() - begun);
    run.set(
      query._id,
      documents.slice(0, 100).map((hit) => hit.id),
    );
  }
  const metrics = evaluateRun(run, qrels);
  const round = (value: number, digits = 4) => Number(value.toFixed(digits));
  return {
    ndcg_at_10: round(metrics.ndcg_at_10),
    recall_at_10: round(metrics.recall_at_10),
    recall_at_100: round(metrics.recall_at_100),
    mrr_at_10: round(metrics.mrr_at_10),
    queries: metrics.queries,
    docs: corpus.length,
    chunks,
    index_seconds: round(indexSeconds, 3),
    query_ms_p50: round(percentile(timings, 50), 3),
    query_ms_p95: round(percentile(timings, 95), 3),
  };
}

// Lexical retrieval with no model, entirely in memory: chunking, tokenising, BM25F, and
// document-level aggregation of chunk hits, scored with BEIR's metrics.
export async function runRetrievalMemoryBenchmark() {
  const settings = JSON.parse(process.env.RETRIEVAL_SETTINGS ?? '{}') as Settings;
  const only = process.env.RETRIEVAL_DATASETS?.split(',');
  const results: Record<string, Awaited<ReturnType<typeof evaluateDataset>>> = {};
  for (const dataset of datasets) {
    if (only && !only.includes(dataset.name)) continue;
    results[dataset.name] = await evaluateDataset(dataset, settings);
  }
  return { targets: { scifact_ndcg_at_10: 0.7, xquad_recall_at_10: 0.95 }, results };
}
