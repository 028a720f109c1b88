import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

let context: TestContext;
let folder: string;
beforeAll(async () => {
  context = await createTestApp({ runWorkers: false });
  folder = await mkdtemp(path.join(os.tmpdir(), 'askwell-eval-answers-test-'));
});
afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

const corpus = [
  {
    _id: 'hours',
    title: 'Opening hours',
    text: 'The shop opens at nine. It closes at six on weekdays, e.g. on Monday. On Sundays it stays closed.',
  },
  {
    _id: 'returns',
    title: 'Returns',
    text: 'Goods can be returned within thirty days with the receipt. Refunds take five business days.',
  },
  {
    _id: 'shipping',
    title: 'Shipping',
    text: 'Parcels leave the warehouse every afternoon. The courier delivers them the next day.',
  },
];
const queries = [
  { _id: 'q1', text: 'When does the shop close on weekdays?', metadata: { answers: ['six'] } },
  {
    _id: 'q2',
    text: 'Within how many days can goods be returned?',
    metadata: { answers: ['thirty days'] },
  },
  { _id: 'q3', text: 'Do you sell garden furniture?', metadata: { answers: ['never'] } },
  { _id: 'q4', text: 'Not judged, so not asked' },
];
const qrels = 'query-id\tcorpus-id\tscore\nq1\thours\t1\nq2\treturns\t1\nq3\tshipping\t1\n';

test('when eval:answers runs over a tiny BEIR set, then its last line reports what the visitors would have got', async () => {
  const files = {
    corpus: path.join(folder, 'corpus.jsonl'),
    queries: path.join(folder, 'queries.jsonl'),
    qrels: path.join(folder, 'qrels.tsv'),
  };
  await writeFile(files.corpus, corpus.map((item) => JSON.stringify(item)).join('\n'));
  await writeFile(files.queries, queries.map((item) => JSON.stringify(item)).join('\n'));
  await writeFile(files.qrels, qrels);
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/cli/eval-answers.ts',
      '--corpus',
      files.corpus,
      '--queries',
      files.queries,
      '--qrels',
      files.qrels,
    ],
    { cwd: root, env: { ...process.env, DATABASE_URL: context.databaseUrl }, timeout: 120_000 },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, number>;
  // Two of the three judged questions are answered from the right document with the answer in
  // the reply; the third has no answer in the knowledge and gets the 'no answer' message.
  expect(result).toMatchObject({
    queries: 3,
    citation_at_1: 0.6667,
    citation_at_any: 0.6667,
    answer_in_reply: 0.6667,
    fallback_rate: 0.3333,
    docs: 3,
    failed_docs: 0,
  });
  expect(result.reply_chars_p50).toBeGreaterThan(0);
  expect(result.reply_chars_p95).toBeLessThanOrEqual(600);
  expect(result.latency_ms_p95).toBeGreaterThanOrEqual(result.latency_ms_p50!);

  // The throw-away account and its bot are gone.
  const { rows } = await context.database.pool.query<{ users: number }>(
    'select count(*)::int as users from users',
  );
  expect(rows[0]!.users).toBe(0);
}, 150_000);

test('when an argument is missing, then it prints the usage and exits with 2', async () => {
  const failed = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/eval-answers.ts'],
    {
      cwd: root,
    },
  ).catch((error: { code: number; stderr: string }) => error);
  expect(failed).toMatchObject({ code: 2 });
  expect((failed as { stderr: string }).stderr).toContain('Usage: npm run eval:answers');
}, 60_000);

test('when an option is misspelt, then the evaluation commands name it with their usage and exit with 2, and --help prints the usage', async () => {
  for (const command of ['eval-answers', 'eval-retrieval']) {
    const entry = `apps/api/src/cli/${command}.ts`;
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', entry, '--corpus', 'c.jsonl', '--qrel', 'r.tsv'],
      { cwd: root },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    const { stderr } = failed as { stderr: string };
    expect(stderr).toContain("Unknown option '--qrel'");
    expect(stderr).toContain(`Usage: npm run ${command.replace('-', ':')}`);
    expect(stderr).not.toContain('    at ');

    const help = await run(process.execPath, ['--import', 'tsx', entry, '--help'], { cwd: root });
    expect(help.stdout).toContain(`Usage: npm run ${command.replace('-', ':')} -- --corpus`);
  }
}, 60_000);

test('when a named file is missing, is a folder, or has a line that is not JSON, then the evaluation commands say which and exit with 2', async () => {
  const goodCorpus = path.join(folder, 'good-corpus.jsonl');
  await writeFile(goodCorpus, JSON.stringify(corpus[0]));
  const brokenCorpus = path.join(folder, 'broken-corpus.jsonl');
  await writeFile(brokenCorpus, `${JSON.stringify(corpus[0])}\n{"_id": "cut off`);
  const missing = path.join(folder, 'no-such-queries.jsonl');
  const qrelsFile = path.join(folder, 'some-qrels.tsv');
  await writeFile(qrelsFile, qrels);
  const cases = [
    {
      args: ['--corpus', brokenCorpus, '--queries', missing],
      says: `--corpus ${brokenCorpus}: line 2 is not JSON`,
    },
    {
      args: ['--corpus', goodCorpus, '--queries', missing],
      says: `Cannot read --queries ${missing}: no such file`,
    },
    {
      args: ['--corpus', goodCorpus, '--queries', folder],
      says: `Cannot read --queries ${folder}: it is a folder`,
    },
  ];
  for (const command of ['eval-answers', 'eval-retrieval']) {
    for (const { args, says } of cases) {
      const failed = await run(
        process.execPath,
        ['--import', 'tsx', `apps/api/src/cli/${command}.ts`, ...args, '--qrels', qrelsFile],
        { cwd: root },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 2 });
      const { stderr } = failed as { stderr: string };
      expect(stderr).toContain(says);
      expect(stderr).not.toContain('    at ');
    }
  }
}, 90_000);
