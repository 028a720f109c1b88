import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';
import { spawnServer, type SpawnedServer } from '../scripts/spawn-server';
import { measurePlanCheck } from './plan-check';
import { readJsonl } from './jsonl';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const scifactDir = path.resolve(benchDir, '../../shared/testdata/retrieval/scifact');
const connections = 50;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 30);
const abstractsPerDocument = 400;

type Abstract = { _id: string; title?: string; text: string };

// A signed-in customer of a running server, driving the same REST API the dashboard uses.
export class DashboardSession {
  private cookie = '';

  constructor(readonly baseUrl: string) {}

  // For a live (socket.io) connection signed in as this customer.
  cookieHeader() {
    return this.cookie;
  }

  async signIn(email: string, password: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await fetch(`${this.baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: this.baseUrl },
        body: JSON.stringify({ email, password }),
      });
      if (response.ok) {
        this.cookie = response.headers
          .getSetCookie()
          .map((header) => header.split(';')[0])
          .join('; ');
        return;
      }
      // The first staff account is created just after the server starts listening.
      if (Date.now() > deadline) throw new Error(`sign-in failed: ${await response.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async request<T>(method: string, url: string, body?: unknown | FormData): Promise<T> {
    const form = body instanceof FormData;
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.baseUrl,
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
}

export async function startBenchServer(extraEnv: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-bench-db-'));
  const database = await startEmbeddedPostgres({
    dataDir,
    databaseName: 'askwell',
    logger: pino({ level: 'silent' }),
  });
  const email = 'bench@askwell.local';
  const password = randomBytes(12).toString('hex');
  let server: SpawnedServer;
  try {
    server = await spawnServer({
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: database.url,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      ...extraEnv,
    });
  } catch (error) {
    await database.stop();
    throw error;
  }
  const session = new DashboardSession(server.baseUrl);
  await session.signIn(email, password);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  return {
    databaseUrl: database.url,
    server,
    session,
    pool,
    stop: async () => {
      await pool.end();
      await server.stop();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// Uploads documents through the dashboard's upload endpoint, so they go through the real pipeline
// (extraction, chunking, indexing), and waits until every one is searchable.
export async function uploadDocuments(
  session: DashboardSession,
  botId: string,
  documents: Array<{ name: string; text: string }>,
) {
  const ids: string[] = [];
  for (const document of documents) {
    const form = new FormData();
    form.append('file', new Blob([document.text], { type: 'text/markdown' }), document.name);
    ids.push(
      (await session.request<{ id: string }>('POST', `/api/bots/${botId}/documents`, form)).id,
    );
  }
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const sources = await session.request<
      Array<{ id: string; status: string; error: string | null }>
    >('GET', `/api/sources?botId=${botId}`);
    const mine = sources.filter((source) => ids.includes(source.id));
    const failed = mine.find((source) => source.status === 'failed');
    if (failed) throw new Error(`indexing failed: ${failed.error}`);
    if (mine.every((source) => source.status === 'completed')) return;
    if (Date.now() > deadline) throw new Error('indexing did not finish in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function storedTurns(pool: pg.Pool, botId: string) {
  const { rows } = await pool.query<{ conversations: number; exact: number; messages: number }>(
    `select count(*)::int as conversations,
            (count(*) filter (where visitor = 1 and answers = 1))::int as exact,
            coalesce(sum(visitor + answers), 0)::int as messages
       from (select c.id,
                    count(m.id) filter (where m.role = 'user') as visitor,
                    count(m.id) filter (where m.role = 'assistant') as answers
               from conversations c left join messages m on m.conversation_id = c.id
              where c.bot_id = $1 group by c.id) per_conversation`,
    [botId],
  );
  return rows[0]!;
}

async function httpCeiling() {
  try {
    const http = JSON.parse(await readFile(path.join(benchDir, 'results/http.json'), 'utf8')) as {
      requests_per_s: number;
    };
    return http.requests_per_s;
  } catch {
    return null;
  }
}

// /v1/chat under load with the built-in answerer (no model configured) over a bot holding the
// whole SciFact corpus, each request a different SciFact claim and a new conversation.
export async function runChatApiBenchmark() {
  const corpus = await readJsonl<Abstract>(path.join(scifactDir, 'corpus.jsonl'));
  const queries = (
    await readJsonl<{ text: string }>(path.join(scifactDir, 'queries-train.jsonl'))
  ).map((query) => query.text);
  const bench = await startBenchServer({
    CHAT_RATE_LIMIT_PER_KEY: '100000000',
    CHAT_RATE_LIMIT_PER_BOT: '100000000',
  });
  try {
    const { session, pool, server } = bench;
    const bot = await session.request<{ id: string }>('POST', '/api/bots', {
      name: 'SciFact',
      description: 'Scientific abstracts',
      tone: 'professional',
      goal: 'information',
      instructions: '',
      starterQuestions: [],
      fallbackMessage: 'I could not find that in the abstracts.',
      widgetConfig: {
        primaryColor: '#1E40AF',
        buttonColor: '#1E40AF',
        textColor: '#1F2937',
        fontFamily: 'Inter, sans-serif',
        welcomeMessage: 'Hello! How can I help you today?',
        placeholderText: 'Type your message...',
      },
    });
    const documents = [];
    for (let start = 0; start < corpus.length; start += abstractsPerDocument) {
      const part = corpus.slice(start, start + abstractsPerDocument);
      documents.push({
        name: `scifact-${String(documents.length + 1).padStart(2, '0')}.md`,
        text: part.map((item) => `## ${item.title ?? item._id}\n\n${item.text}\n`).join('\n'),
      });
    }
    const indexingStarted = performance.now();
    await uploadDocuments(session, bot.id, documents);
    const indexingSeconds = (performance.now() - indexingStarted) / 1000;
    const { secret } = await session.request<{ secret: string }>('POST', '/api/api-keys', {
      name: 'bench',
    });

    let next = 0;
    const options = {
      url: `${server.baseUrl}/v1/chat`,
      connections,
      requests: [
        {
          method: 'POST' as const,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            body: JSON.stringify({ botId: bot.id, message: queries[next++ % queries.length] }),
          }),
        },
      ],
    };
    await autocannon({ ...options, duration: 3 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await storedTurns(pool, bot.id);
    const result = await autocannon({ ...options, duration: durationSeconds });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await storedTurns(pool, bot.id);

    const sample = await fetch(`${server.baseUrl}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ botId: bot.id, message: queries[0] }),
    }).then((response) => response.json() as Promise<{ reply: string; sources: unknown[] }>);

    // After the load, so nothing else competes with it; it makes the bench account a customer.
    const planCheck = await measurePlanCheck(bench.databaseUrl, bot.id);

    const ceiling = await httpCeiling();
    const perSecond = Math.round(result.requests.average);
    const responses = result['2xx'];
    const conversations = after.conversations - before.conversations;
    return {
      endpoint: 'POST /v1/chat (built-in answerer)',
      corpus: {
        abstracts: corpus.length,
        documents: documents.length,
        indexing_s: Number(indexingSeconds.toFixed(1)),
      },
      connections,
      duration_s: durationSeconds,
      requests: result.requests.total,
      replies_per_s: perSecond,
      latency_ms: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      errors: result.errors + result.timeouts,
      non_2xx: result.non2xx,
      stored: {
        responses_2xx: responses,
        conversations,
        every_conversation_one_visitor_message_one_answer: after.exact === after.conversations,
        messages: after.messages - before.messages,
        // Requests still in flight when the load stopped are answered and stored, but not counted
        // by the load generator.
        conversations_minus_responses: conversations - responses,
      },
      ratio_to_http: ceiling ? Number((perSecond / ceiling).toFixed(3)) : null,
      // Other work on the machine lowers every figure; this says how busy it was.
      load_average_1m: Number(os.loadavg()[0]!.toFixed(2)),
      cpus: os.cpus().length,
      http_requests_per_s: ceiling,
      targets: {
        replies_per_s: perSecond >= 300,
        p99_ms: result.latency.p99 <= 250,
        zero_errors: result.errors + result.timeouts + result.non2xx === 0,
      },
      plan_check_ms: planCheck,
      sample_reply: sample.reply.slice(0, 300),
      sample_sources: sample.sources.length,
    };
  } finally {
    await bench.stop();
  }
}
