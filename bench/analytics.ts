import { botDefaults, conversationUpdatedEventName, type DashboardOverview } from '@askwell/shared';
import os from 'node:os';
import { percentile } from '../apps/api/src/cli/evaluation/ir-metrics';
import { io } from 'socket.io-client';
import { startBenchServer } from './chat-api';

// `npm run bench -- analytics`: one account with 1,000,000 messages in 200,000 conversations over
// 90 days (seeded in SQL through the same tables and triggers the chat path writes), then the
// latency of the analytics and dashboard endpoints, how long the rollups lag behind a burst of
// 1,000 messages, and how soon a connected dashboard hears a visitor's message.
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 200_000);
const messagesPerConversation = 5;
const batch = 20_000;
// The analytics endpoint allows 120 requests a minute; three endpoints of 28 stay under it.
const samples = Number(process.env.BENCH_SAMPLES ?? 25);

// Milliseconds to a tenth, nearest rank.
function percentileMs(values: number[], p: number) {
  return Math.round(percentile(values, p) * 10) / 10;
}

export async function runAnalyticsBenchmark() {
  const bench = await startBenchServer();
  const { session, pool } = bench;
  try {
    const bot = await session.request<{ id: string }>('POST', '/api/bots', {
      ...botDefaults,
      name: 'Analytics bench',
    });
    const {
      rows: [owner],
    } = await pool.query<{ user_id: string }>('select user_id from chatbots where id = $1', [
      bot.id,
    ]);
    const userId = owner!.user_id;

    const seedStarted = performance.now();
    for (let offset = 0; offset < conversations; offset += batch) {
      const size = Math.min(batch, conversations - offset);
      // One statement per batch, so the statement-level triggers roll each batch up at once.
      await pool.query(
        `with started as (
           insert into conversations (bot_id, user_id, session_id, visitor_id, channel, page_url,
             language, message_count, started_at, last_message_at, ended_at)
           select $1, $2, 'bench-' || ($3 + g), 'visitor-' || (($3 + g) % 50000), 'widget',
             'https://shop.example/page-' || (g % 40), (array['en', 'de', 'es', 'fr'])[1 + g % 4],
             $5, at, at + interval '2 minutes', at + interval '30 minutes'
           from generate_series(1, $4::int) g,
             -- Referring to g makes PostgreSQL draw a new random time for every row.
             lateral (select now() - interval '1 hour' - random() * interval '89 days' + g * interval '0') t(at)
           returning id, started_at
         ),
         turns as (
           insert into messages (conversation_id, role, content, answerer,
             answered_from_knowledge, latency_ms, created_at)
           select s.id, case when k % 2 = 1 then 'user' else 'assistant' end, 'Message ' || k,
             case when k % 2 = 0 then 'builtin' end, case when k % 2 = 0 then random() < 0.8 end,
             case when k % 2 = 0 then 300 + (random() * 1500)::int end,
             s.started_at + k * interval '20 seconds'
           from started s cross join generate_series(1, $5::int) k
           returning 1
         )
         insert into leads (bot_id, user_id, conversation_id, name, email, consent, created_at)
         select $1, $2, s.id, 'Bench lead', 'lead-' || s.id || '@example.com', true,
           s.started_at + interval '3 minutes'
         from started s where random() < 0.1`,
        [bot.id, userId, offset, size, messagesPerConversation],
      );
    }
    // Visitors' questions as the chat path records them: 300 meanings a day, some unanswered.
    await pool.query(
      `insert into analytics_questions (bot_id, user_id, date, question_key, question, asked,
         unanswered, last_asked_at, last_unanswered_at)
       select $1, $2, d::date, 'topic ' || q, 'Question about topic ' || q || '?',
         1 + (random() * 20)::int, (random() * 3)::int, d + interval '12 hours',
         d + interval '12 hours'
       from generate_series(now()::date - 89, now()::date, interval '1 day') d,
         generate_series(1, 300) q`,
      [bot.id, userId],
    );
    await pool.query('analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const timeZone = 'Europe/Berlin';
    const endpoints = {
      analytics30d: `/api/analytics?range=30d&timeZone=${encodeURIComponent(timeZone)}`,
      analytics90d: `/api/analytics?range=90d&timeZone=${encodeURIComponent(timeZone)}`,
      analytics90dOneBot: `/api/analytics?range=90d&botId=${bot.id}`,
      dashboardOverview: `/api/dashboard/overview?timeZone=${encodeURIComponent(timeZone)}`,
    };
    const latency: Record<string, { p50Ms: number; p95Ms: number }> = {};
    for (const [name, url] of Object.entries(endpoints)) {
      for (let warm = 0; warm < 3; warm++) await session.request('GET', url);
      const times: number[] = [];
      for (let index = 0; index < samples; index++) {
        const started = performance.now();
        await session.request('GET', url);
        times.push(performance.now() - started);
      }
      latency[name] = { p50Ms: percentileMs(times, 50), p95Ms: percentileMs(times, 95) };
    }

    // A burst of 1,000 messages, one statement each from 10 connections (as 10 busy instances
    // would), then the time until the analytics endpoint shows all of them.
    const before = await session.request<{ totals: { messages: number } }>(
      'GET',
      endpoints.analytics30d,
    );
    const {
      rows: [target],
    } = await pool.query<{ id: string }>(
      `select id from conversations where bot_id = $1 order by started_at desc limit 1`,
      [bot.id],
    );
    const burstStarted = performance.now();
    const burst = 1_000;
    const writers = 10;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        const client = await pool.connect();
        try {
          for (let index = 0; index < burst / writers; index++) {
            await client.query(
              `insert into messages (conversation_id, role, content) values ($1, 'user', 'Burst')`,
              [target!.id],
            );
          }
        } finally {
          client.release();
        }
      }),
    );
    const burstWritten = performance.now();
    let lagMs = 0;
    for (;;) {
      const now = await session.request<{ totals: { messages: number } }>(
        'GET',
        endpoints.analytics30d,
      );
      if (now.totals.messages >= before.totals.messages + burst) {
        lagMs = performance.now() - burstWritten;
        break;
      }
      if (performance.now() - burstWritten > 30_000) throw new Error('rollups did not catch up');
    }

    // A visitor's message through the public API while the owner's dashboard is connected: the
    // time until the dashboard hears it and has fetched the raised count.
    const apiKey = await session.request<{ secret: string }>('POST', '/api/api-keys', {
      name: 'Bench',
    });
    const socket = io(session.baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie: session.cookieHeader() },
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const liveTimes: number[] = [];
    try {
      for (let index = 0; index < 10; index++) {
        const { totalChats } = await session.request<DashboardOverview>(
          'GET',
          endpoints.dashboardOverview,
        );
        const heard = new Promise<void>((resolve) =>
          socket.once(conversationUpdatedEventName, () => resolve()),
        );
        const sent = performance.now();
        const chat = fetch(`${session.baseUrl}/v1/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey.secret}` },
          body: JSON.stringify({ botId: bot.id, message: `Hello number ${index}` }),
        });
        await heard;
        const shown = await session.request<DashboardOverview>('GET', endpoints.dashboardOverview);
        if (shown.totalChats !== totalChats + 1) throw new Error('the count did not change');
        liveTimes.push(performance.now() - sent);
        await (await chat).text();
      }
    } finally {
      socket.disconnect();
    }

    const { rows: sizes } = await pool.query<{ rollup_rows: number; messages: number }>(
      `select (select count(*)::int from analytics where bot_id = $1) as rollup_rows,
         (select count(*)::int from messages m join conversations c on c.id = m.conversation_id
          where c.bot_id = $1) as messages`,
      [bot.id],
    );
    return {
      load_average: os.loadavg().map((value) => Math.round(value * 100) / 100),
      conversations,
      messages: sizes[0]!.messages,
      rollup_rows: sizes[0]!.rollup_rows,
      seed_seconds: Math.round(seedSeconds * 10) / 10,
      endpoints: latency,
      target_p95_ms: 100,
      burst_messages: burst,
      burst_write_ms: Math.round(burstWritten - burstStarted),
      rollup_lag_ms: Math.round(lagMs),
      rollup_lag_target_ms: 2000,
      live_update_p50_ms: percentileMs(liveTimes, 50),
      live_update_max_ms: Math.round(Math.max(...liveTimes)),
      live_update_target_ms: 1000,
    };
  } finally {
    await bench.stop();
  }
}
