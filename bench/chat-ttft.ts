import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../apps/api/src/cli/evaluation/ir-metrics';
import { startOpenAiCompatibleServer } from '../apps/api/test/support/openai-compatible-server';
import { startBenchServer, uploadDocuments } from './chat-api';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const scifactDir = path.resolve(benchDir, '../../shared/testdata/retrieval/scifact');
const modelDelayMs = 200;
const rounds = Number(process.env.BENCH_ROUNDS ?? 60);
const modelKey = 'bench-model-key';

// Milliseconds from sending the request until the first chunk that holds `marker` arrives, and
// the wall-clock times of sending and of that arrival.
async function timeToFirst(url: string, init: RequestInit, marker: string) {
  const sentAt = Date.now();
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first: number | null = null;
  let firstAt = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first === null && text.includes(marker)) {
      first = performance.now() - started;
      firstAt = Date.now();
    }
  }
  if (first === null) throw new Error(`no ${marker} in the stream from ${url}`);
  return { ms: first, sentAt, firstAt };
}

// The time Askwell adds before the first token: the same local model (answering after a fixed
// delay) timed directly and behind /v1/chat, alternating so both see the same machine load.
export async function runChatTtftBenchmark() {
  const model = await startOpenAiCompatibleServer({
    apiKey: modelKey,
    firstTokenDelayMs: modelDelayMs,
  });
  const bench = await startBenchServer({
    CHAT_RATE_LIMIT_PER_KEY: '100000',
    CHAT_RATE_LIMIT_PER_BOT: '100000',
    // The stand-in model listens on loopback.
    CRAWL_PRIVATE_NETWORKS: 'true',
  });
  try {
    const { session, server } = bench;
    const corpus = (await readFile(path.join(scifactDir, 'corpus.jsonl'), 'utf8'))
      .split('\n')
      .filter((line) => line.trim())
      .slice(0, 1000)
      .map((line) => JSON.parse(line) as { title: string; text: string });
    const queries = (await readFile(path.join(scifactDir, 'queries-train.jsonl'), 'utf8'))
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => (JSON.parse(line) as { text: string }).text);
    const bot = await session.request<{ id: string }>('POST', '/api/bots', {
      name: 'SciFact',
      description: '',
      tone: 'professional',
      goal: 'information',
      instructions: '',
      starterQuestions: [],
      fallbackMessage: '',
      widgetConfig: {
        primaryColor: '#1E40AF',
        buttonColor: '#1E40AF',
        textColor: '#1F2937',
        fontFamily: 'Inter, sans-serif',
        welcomeMessage: 'Hello! How can I help you today?',
        placeholderText: 'Type your message...',
      },
    });
    await uploadDocuments(session, bot.id, [
      {
        name: 'scifact-1000.md',
        text: corpus.map((item) => `## ${item.title}\n\n${item.text}\n`).join('\n'),
      },
    ]);
    await session.request('PUT', '/api/settings', {
      providerKeys: { customApiKey: modelKey },
      customEndpoint: model.url,
      defaultModel: 'bench-model',
      useCustomEndpoint: true,
    });
    const { secret } = await session.request<{ secret: string }>('POST', '/api/api-keys', {
      name: 'ttft',
    });

    const direct: number[] = [];
    const through: number[] = [];
    const beforeModel: number[] = [];
    const afterModel: number[] = [];
    for (let round = -5; round < rounds; round++) {
      const question = queries[(round + 5) % queries.length]!;
      const directRun = await timeToFirst(
        `${model.url}/chat/completions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${modelKey}` },
          body: JSON.stringify({
            model: 'bench-model',
            stream: true,
            messages: [{ role: 'user', content: question }],
          }),
        },
        '"content"',
      );
      const throughRun = await timeToFirst(
        `${server.baseUrl}/v1/chat`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          body: JSON.stringify({ botId: bot.id, message: question, stream: true }),
        },
        'event: token',
      );
      // The first rounds warm the index cache and the connection pools.
      if (round < 0) continue;
      const modelCall = model.lastChatRequest()!;
      direct.push(directRun.ms);
      through.push(throughRun.ms);
      beforeModel.push(modelCall.arrivedAt - throughRun.sentAt);
      afterModel.push(throughRun.firstAt - (modelCall.firstTokenAt ?? modelCall.arrivedAt));
    }
    const added = through.map((value, index) => value - direct[index]!);
    // Inside the server: its own first-token time (stored with each answer) less the time the
    // model took, request by request.
    const viaAskwell = model.requests.filter((request) =>
      request.body.messages?.some((message) => message.role === 'system'),
    );
    const { rows } = await bench.pool.query<{ first_token_ms: number }>(
      `select m.first_token_ms from messages m join conversations c on c.id = m.conversation_id
        where c.bot_id = $1 and m.role = 'assistant' order by m.created_at`,
      [bot.id],
    );
    const inside = rows.slice(-rounds).map((row, index) => {
      const call = viaAskwell.slice(-rounds)[index]!;
      return row.first_token_ms - ((call.firstTokenAt ?? call.arrivedAt) - call.arrivedAt);
    });
    const answerers = model.requests.filter((request) => request.path === '/v1/chat/completions');
    return {
      model_first_token_delay_ms: modelDelayMs,
      rounds,
      direct_ttft_ms: { p50: round1(percentile(direct, 50)), p90: round1(percentile(direct, 90)) },
      askwell_ttft_ms: {
        p50: round1(percentile(through, 50)),
        p90: round1(percentile(through, 90)),
      },
      // Where the added time goes (wall clock, 1 ms resolution): from the client's request to the
      // model receiving its request, and from the model's first token to the client having it.
      askwell_before_model_ms: {
        p50: percentile(beforeModel, 50),
        p90: percentile(beforeModel, 90),
      },
      askwell_after_first_token_ms: {
        p50: percentile(afterModel, 50),
        p90: percentile(afterModel, 90),
      },
      server_internal_ms: { p50: percentile(inside, 50), p90: percentile(inside, 90) },
      added_ms: {
        p50: round1(percentile(added, 50)),
        p90: round1(percentile(added, 90)),
        max: round1(Math.max(...added)),
      },
      model_requests: answerers.length,
      // Other work on the machine shows up as added latency; this says how busy it was.
      load_average_1m: Number(os.loadavg()[0]!.toFixed(2)),
      cpus: os.cpus().length,
      target_added_p50_ms: 30,
      meets_target: percentile(added, 50) <= 30,
    };
  } finally {
    await bench.stop();
    await model.close();
  }
}

function round1(value: number) {
  return Math.round(value * 10) / 10;
}
