import { auditActionNames } from '@askwell/shared';
import os from 'node:os';
import { percentile } from '../apps/api/src/cli/evaluation/ir-metrics';
import { startBenchServer } from './chat-api';

// `npm run bench -- admin`: the back office's two big lists at the sizes issue 14 names, 100,000
// accounts and 1,000,000 audit log entries (seeded in SQL), then p50/p95 of the users list and the
// audit log through the running server: first pages, searches and filters, and a page 900,000
// entries deep; also the training jobs list over 100,000 sources and the analytics growth.
const userCount = Number(process.env.BENCH_USERS ?? 100_000);
const logCount = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 50);
// Training jobs: sources of 1,000 bots, one in fifty failed (none left in flight, so the ingest
// sweeper leaves them alone).
const sourceCount = Number(process.env.BENCH_SOURCES ?? 100_000);
const botCount = 1_000;
const staffCount = 20;
const batch = 250_000;

const firstNames = [
  'Ann',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jon',
];
const lastNames = ['Garcia', 'Smith', 'Müller', 'Rossi', 'Nowak', 'Silva', 'Kim', 'Dubois'];

// Milliseconds to a tenth, nearest rank.
function percentileMs(values: number[], p: number) {
  return Math.round(percentile(values, p) * 10) / 10;
}

export async function runAdminBenchmark() {
  // Each scenario sends from its own address, so the lists' per-address rate limits (sized for a
  // person, not a benchmark) do not turn samples into 429s.
  const bench = await startBenchServer({ TRUST_PROXY: 'true' });
  const { session, pool } = bench;
  try {
    const seedStarted = performance.now();
    await pool.query(
      `insert into users (id, name, email, email_verified, first_name, last_name, role,
         subscription_tier, created_at, updated_at)
       select 'bench-user-' || g, f || ' ' || l, 'customer' || g || '@bench.example', true, f, l,
         'user', case when g % 7 = 0 then 'premium' else 'free' end,
         now() - (g % 730) * interval '1 day', now()
       from generate_series(1, $1::int) g,
         lateral (select ($2::text[])[1 + g % $3::int] as f,
                         ($4::text[])[1 + (g / 10) % $5::int] as l) n`,
      [userCount, firstNames, firstNames.length, lastNames, lastNames.length],
    );
    // One entry every 30 seconds going back about a year, from 20 staff members, every action of
    // the catalogue in turn.
    for (let offset = 0; offset < logCount; offset += batch) {
      const size = Math.min(batch, logCount - offset);
      await pool.query(
        `insert into admin_logs (admin_id, admin_email, action, target_type, target_id, ip_address,
           details, created_at)
         select 'bench-staff-' || (g % $3::int), 'staff' || (g % $3::int) || '@askwell.example',
           ($4::text[])[1 + g % $5::int], 'user', 'bench-user-' || (1 + g % 100000),
           '10.0.' || (g % 250) || '.' || (g % 200),
           jsonb_build_object('message', 'Bench entry ' || g, 'index', g),
           now() - g * interval '30 seconds'
         from generate_series($1::int + 1, $1::int + $2::int) g`,
        [offset, size, staffCount, auditActionNames, auditActionNames.length],
      );
    }
    await pool.query(
      `insert into chatbots (user_id, name, widget_config, created_at)
       select 'bench-user-' || g, 'Bench bot ' || g, '{}'::jsonb, now() - (g % 365) * interval '1 day'
       from generate_series(1, $1::int) g`,
      [Math.min(botCount, userCount)],
    );
    await pool.query(
      `insert into knowledge_sources (bot_id, user_id, kind, name, status, stage, progress,
         error_message, created_at, updated_at)
       select b.id, b.user_id, 'document', 'bench-' || g || '.pdf',
         case when g % 50 = 0 then 'failed' else 'completed' end,
         case when g % 50 = 0 then 'failed' else 'completed' end, 100,
         case when g % 50 = 0 then 'no extractable text was found' end,
         now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series(1, $1::int) g
       join (select id, user_id, row_number() over (order by id) as rn from chatbots) b
         on b.rn = 1 + g % $2::int`,
      [sourceCount, Math.min(botCount, userCount)],
    );
    await pool.query('analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const {
      rows: [deep],
    } = await pool.query<{ cursor: string }>(
      `select (extract(epoch from created_at) * 1000000)::bigint || '_' || id as cursor
       from admin_logs order by created_at desc, id desc offset $1 limit 1`,
      [Math.floor(logCount * 0.9)],
    );
    const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const endpoints: Record<string, string> = {
      usersFirstPage: '/api/admin/users',
      usersSearchCommon: '/api/admin/users?search=garcia',
      usersSearchOne: '/api/admin/users?search=customer77777%40',
      logsFirstPage: '/api/admin/logs',
      logsByAction: '/api/admin/logs?action=user.suspend',
      logsByAdmin: '/api/admin/logs?admin=STAFF7%40',
      logsByAdminActionDates: `/api/admin/logs?admin=staff3%40&action=user.delete&from=${lastMonth}`,
      logsAdminNobody: '/api/admin/logs?admin=nobody%40',
      logsDeepCursor: `/api/admin/logs?before=${deep!.cursor}`,
      jobsFirstPage: '/api/admin/jobs',
      jobsFailed: '/api/admin/jobs?status=failed',
      growth: '/api/admin/analytics/growth',
    };

    const latency: Record<string, { p50Ms: number; p95Ms: number; rows: number }> = {};
    let scenario = 0;
    for (const [name, url] of Object.entries(endpoints)) {
      scenario += 1;
      const headers = {
        cookie: session.cookieHeader(),
        'x-forwarded-for': `198.51.100.${scenario}`,
      };
      let rows = 0;
      const times: number[] = [];
      for (let index = 0; index < samples + 3; index++) {
        const started = performance.now();
        const response = await fetch(`${session.baseUrl}${url}`, { headers });
        const body = (await response.json()) as unknown;
        const elapsed = performance.now() - started;
        if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
        rows = rowsIn(body);
        // The first three warm the connection pool and PostgreSQL's caches.
        if (index >= 3) times.push(elapsed);
      }
      latency[name] = { p50Ms: percentileMs(times, 50), p95Ms: percentileMs(times, 95), rows };
    }

    const exportStarted = performance.now();
    const exported = await fetch(
      `${session.baseUrl}/api/admin/logs/export.csv?action=user.create`,
      {
        headers: { cookie: session.cookieHeader(), 'x-forwarded-for': '198.51.100.200' },
      },
    );
    const csv = await exported.text();
    if (!exported.ok) throw new Error(`export: ${exported.status} ${csv.slice(0, 200)}`);
    const exportSeconds = (performance.now() - exportStarted) / 1000;

    return {
      load_average: os.loadavg().map((value) => Math.round(value * 100) / 100),
      users: userCount,
      admin_logs: logCount,
      knowledge_sources: sourceCount,
      seed_seconds: Math.round(seedSeconds * 10) / 10,
      samples,
      endpoints: latency,
      export_one_action: {
        rows: csv.split('\r\n').filter(Boolean).length - 1,
        megabytes: Math.round((csv.length / 1_048_576) * 10) / 10,
        seconds: Math.round(exportSeconds * 10) / 10,
      },
    };
  } finally {
    await bench.stop();
  }
}

// The users list answers with an array today and may answer with a page object; either way, how
// many rows came back.
function rowsIn(body: unknown) {
  if (Array.isArray(body)) return body.length;
  const lists = Object.values(body as Record<string, unknown>).filter(Array.isArray);
  return lists[0]?.length ?? 0;
}
