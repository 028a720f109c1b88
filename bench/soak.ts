import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { percentile } from '../apps/api/src/cli/evaluation/ir-metrics';
import { findFreePort } from '../apps/api/src/db/embedded-postgres';
import { startBenchServer, type DashboardSession } from './chat-api';
import { readJsonl } from './jsonl';

// Load and faults together, on loopback only: widget visitors chat for the whole run while
// documents upload, the app's database connections are terminated once and (with REDIS_URL set)
// a private Redis is restarted once. Every answered message must be stored: `lost` must be 0.
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const scifactDir = path.resolve(benchDir, '../../shared/testdata/retrieval/scifact');
const visitors = Number(process.env.SOAK_VISITORS ?? 200);
const durationSeconds = Number(process.env.SOAK_DURATION_S ?? 120);
// A visitor reads the answer and types the next question; 3-6 s keeps each bot under the widget's
// per-bot limit (600 messages a minute) with 20 visitors per bot.
const thinkMs = Number(process.env.SOAK_THINK_MS ?? 4500);
const botCount = Number(process.env.SOAK_BOTS ?? Math.max(1, Math.ceil(visitors / 20)));
const uploadEveryMs = Number(process.env.SOAK_UPLOAD_EVERY_MS ?? 5000);
const messageTimeoutMs = 60_000;
const origin = 'https://www.soak.test';
const execFileAsync = promisify(execFile);

type Abstract = { _id: string; title?: string; text: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Errors by kind, with the seconds into the load when each kind was first and last seen, so an
// error can be put down to the fault that caused it.
class Counter {
  readonly counts: Record<string, number> = {};
  readonly seenAt: Record<string, [number, number]> = {};
  startedAt = Date.now();
  add(kind: string) {
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
    const second = Math.round((Date.now() - this.startedAt) / 1000);
    this.seenAt[kind] = [this.seenAt[kind]?.[0] ?? second, second];
  }
}

// Whole milliseconds, nearest rank; null when no message was answered.
function latencyMs(values: number[], p: number) {
  return values.length === 0 ? null : Math.round(percentile(values, p));
}

function errorKind(error: unknown) {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  const cause = (error as { cause?: { code?: string } }).cause;
  return `network_${cause?.code ?? (error as Error).name}`;
}

// A redis-server of our own on a free port, so the machine's Redis is never touched.
class PrivateRedis {
  private process: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pong = await execFileAsync('redis-cli', ['-p', String(this.port), 'ping']).then(
        ({ stdout }) => stdout.trim(),
        () => '',
      );
      if (pong === 'PONG') return;
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await sleep(100);
    }
  }

  async stop() {
    const running = this.process;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
}

// Resident memory of the server and any process it started (document readers), sampled.
async function treeRssKb(rootPid: number) {
  const { stdout } = await execFileAsync('ps', ['-eo', 'pid=,ppid=,rss=']);
  const rows = stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (inTree.has(ppid) && !inTree.has(pid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return rows.filter(([pid]) => inTree.has(pid)).reduce((sum, [, , rss]) => sum + rss, 0);
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function peakRssKb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export async function runSoakBenchmark() {
  const corpus = await readJsonl<Abstract>(path.join(scifactDir, 'corpus.jsonl'));
  const questions = (
    await readJsonl<{ text: string }>(path.join(scifactDir, 'queries-train.jsonl'))
  ).map((query) => query.text);
  const redis = process.env.REDIS_URL ? new PrivateRedis(await findFreePort()) : undefined;
  await redis?.start();
  const bench = await startBenchServer({
    // Each visitor comes from its own address through a trusted proxy, as behind a load balancer.
    TRUST_PROXY: 'true',
    ...(redis ? { REDIS_URL: redis.url } : {}),
  });
  const { session, pool, server } = bench;
  // The fault below terminates this pool's idle connections too; it reconnects on next use.
  pool.on('error', () => undefined);
  const errors = new Counter();
  const latencies: number[] = [];
  const acknowledged = new Set<string>();
  let attempted = 0;
  let peakTreeKb = 0;
  const sampler = setInterval(() => {
    void treeRssKb(server.pid)
      .then((kb) => (peakTreeKb = Math.max(peakTreeKb, kb)))
      .catch(() => undefined);
  }, 1000);

  try {
    const bots: { id: string }[] = [];
    for (let index = 0; index < botCount; index += 1) {
      bots.push(await createBot(session, index));
    }
    let nextAbstract = 0;
    const nextDocument = (name: string) => {
      const part = corpus.slice(nextAbstract, nextAbstract + 100);
      nextAbstract = (nextAbstract + 100) % corpus.length;
      return {
        name,
        text: part.map((item) => `## ${item.title ?? item._id}\n\n${item.text}\n`).join('\n'),
      };
    };
    // One at a time: an account may only have a few files uploading at once.
    const initial: string[] = [];
    for (const [index, bot] of bots.entries()) {
      initial.push(await upload(session, bot.id, nextDocument(`soak-${index}.md`)));
    }
    await waitForSources(session, initial, 10 * 60_000);

    const startedAt = Date.now();
    errors.startedAt = startedAt;
    const endsAt = startedAt + durationSeconds * 1000;
    const faults: Record<string, unknown> = {};

    const visitorLoop = async (visitor: number) => {
      const bot = bots[visitor % bots.length]!;
      const address = `10.${Math.floor(visitor / 250) + 1}.${visitor % 250}.7`;
      let token: string | undefined;
      let sent = 0;
      // Visitors arrive over the first few seconds, as real traffic does.
      await sleep(Math.random() * Math.min(5000, thinkMs));
      while (Date.now() < endsAt) {
        try {
          token ??= await openSession(server.baseUrl, bot.id, address);
        } catch (error) {
          errors.add(`session_${error instanceof Error ? error.message : 'failed'}`);
          await sleep(1000);
          continue;
        }
        const tag = `soak-${visitor}-${sent}`;
        sent += 1;
        attempted += 1;
        const message = `${questions[(visitor * 31 + sent) % questions.length]} (${tag})`;
        const started = performance.now();
        try {
          const response = await fetch(`${server.baseUrl}/v1/widget/bots/${bot.id}/messages`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin,
              authorization: `Bearer ${token}`,
              'x-forwarded-for': address,
            },
            body: JSON.stringify({ message }),
            signal: AbortSignal.timeout(messageTimeoutMs),
          });
          const body = await response.text();
          if (!response.ok) {
            errors.add(`http_${response.status}`);
            if (response.status === 401) token = undefined;
          } else {
            const events = body
              .split('\n\n')
              .map((block) => /^data: (.*)$/m.exec(block)?.[1])
              .filter((data): data is string => Boolean(data))
              .map((data) => JSON.parse(data) as { type: string; code?: string });
            const last = events.at(-1);
            if (last?.type === 'done') {
              acknowledged.add(tag);
              latencies.push(performance.now() - started);
            } else {
              errors.add(last?.type === 'error' ? `stream_${last.code}` : 'stream_cut');
            }
          }
        } catch (error) {
          errors.add(errorKind(error));
        }
        await sleep(thinkMs * (0.6 + Math.random() * 0.8));
      }
    };

    const uploads: string[] = [];
    const uploader = async () => {
      let index = 0;
      while (Date.now() < endsAt) {
        await sleep(uploadEveryMs);
        const bot = bots[index % bots.length]!;
        index += 1;
        try {
          uploads.push(await upload(session, bot.id, nextDocument(`soak-upload-${index}.md`)));
        } catch (error) {
          errors.add(`upload_${/: (\d{3}) /.exec(String(error))?.[1] ?? 'failed'}`);
        }
      }
    };

    const injectFaults = async () => {
      await sleep(durationSeconds * 350);
      const terminated = await pool.query<{ count: number }>(
        `select count(*)::int as count from (
           select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and backend_type = 'client backend') killed`,
      );
      faults.database_connections_terminated = terminated.rows[0]!.count;
      faults.database_terminated_at_s = Math.round((Date.now() - startedAt) / 1000);
      if (redis) {
        await sleep(Math.max(0, startedAt + durationSeconds * 650 - Date.now()));
        const down = Date.now();
        await redis.stop();
        // Long enough that clients notice and reconnect, as after a real restart.
        await sleep(2000);
        await redis.start();
        faults.redis_restarted_at_s = Math.round((down - startedAt) / 1000);
        faults.redis_down_ms = Date.now() - down;
      } else {
        faults.redis = 'not used (set REDIS_URL to include a Redis restart)';
      }
    };

    await Promise.all([
      ...Array.from({ length: visitors }, (_, visitor) => visitorLoop(visitor)),
      uploader(),
      injectFaults(),
    ]);
    const loadSeconds = (Date.now() - startedAt) / 1000;

    const uploadState = await waitForSources(session, uploads, 5 * 60_000).catch(
      (error: Error) => ({ error: error.message }),
    );
    const stored = await storedTags(
      pool,
      bots.map((bot) => bot.id),
    );
    const lost = [...acknowledged].filter((tag) => !stored.visitor.has(tag));
    const unanswered = [...acknowledged].filter((tag) => !stored.answered.has(tag));
    const serverAlive = isRunning(server.pid);
    const health = await fetch(`${server.baseUrl}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    return {
      visitors,
      bots: bots.length,
      duration_s: durationSeconds,
      load_s: Number(loadSeconds.toFixed(1)),
      think_ms: thinkMs,
      redis: redis ? 'private redis-server' : 'none',
      messages: {
        attempted,
        sent: acknowledged.size,
        stored: acknowledged.size - lost.length,
        lost: lost.length,
        answers_missing: unanswered.length,
        per_s: Number((acknowledged.size / loadSeconds).toFixed(1)),
      },
      errors: errors.counts,
      errors_first_last_s: errors.seenAt,
      latency_ms: {
        p50: latencyMs(latencies, 50),
        p90: latencyMs(latencies, 90),
        p99: latencyMs(latencies, 99),
        max: latencyMs(latencies, 100),
      },
      uploads: { during_load: uploads.length, ...uploadState },
      faults,
      server: {
        survived: serverAlive && health === 200,
        peak_rss_mb: Math.round((await peakRssKb(server.pid)) / 1024),
        peak_tree_rss_mb: Math.round(peakTreeKb / 1024),
      },
      load_average_1m: Number(os.loadavg()[0]!.toFixed(2)),
      cpus: os.cpus().length,
      lost_sample: lost.slice(0, 5),
    };
  } finally {
    clearInterval(sampler);
    await bench.stop();
    await redis?.stop();
  }
}

async function createBot(session: DashboardSession, index: number) {
  return session.request<{ id: string }>('POST', '/api/bots', {
    name: `Soak ${index + 1}`,
    description: 'Scientific abstracts',
    tone: 'professional',
    goal: 'support',
    instructions: '',
    starterQuestions: [],
    fallbackMessage: 'I could not find that in the abstracts.',
    allowedDomains: ['*.soak.test'],
    widgetConfig: {
      primaryColor: '#1E40AF',
      buttonColor: '#1E40AF',
      textColor: '#1F2937',
      fontFamily: 'Inter, sans-serif',
      welcomeMessage: 'Hello! How can I help you today?',
      placeholderText: 'Type your message...',
    },
  });
}

async function upload(
  session: DashboardSession,
  botId: string,
  document: { name: string; text: string },
) {
  const form = new FormData();
  form.append('file', new Blob([document.text], { type: 'text/markdown' }), document.name);
  return (await session.request<{ id: string }>('POST', `/api/bots/${botId}/documents`, form)).id;
}

async function waitForSources(session: DashboardSession, ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sources = await session
      .request<Array<{ id: string; status: string }>>('GET', '/api/sources')
      .catch(() => undefined);
    if (sources) {
      const mine = sources.filter((source) => ids.includes(source.id));
      const completed = mine.filter((source) => source.status === 'completed').length;
      const failed = mine.filter((source) => source.status === 'failed').length;
      if (completed + failed === ids.length) return { completed, failed };
      if (Date.now() > deadline)
        return { completed, failed, unfinished: ids.length - completed - failed };
    }
    await sleep(500);
  }
}

async function openSession(baseUrl: string, botId: string, address: string) {
  const response = await fetch(`${baseUrl}/v1/widget/bots/${botId}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
    body: '{}',
    signal: AbortSignal.timeout(messageTimeoutMs),
  });
  if (!response.ok) throw new Error(`http_${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

// Which tagged visitor messages are in the database, and which of them have an answer after them.
async function storedTags(pool: pg.Pool, botIds: string[]) {
  const { rows } = await pool.query<{ tag: string; answered: boolean }>(
    `select substring(m.content from '\\((soak-\\d+-\\d+)\\)$') as tag,
            exists (select 1 from messages a
                     where a.conversation_id = m.conversation_id and a.role = 'assistant'
                       and a.created_at >= m.created_at) as answered
       from messages m join conversations c on c.id = m.conversation_id
      where c.bot_id = any($1) and m.role = 'user'`,
    [botIds],
  );
  return {
    visitor: new Set(rows.map((row) => row.tag)),
    answered: new Set(rows.filter((row) => row.answered).map((row) => row.tag)),
  };
}
