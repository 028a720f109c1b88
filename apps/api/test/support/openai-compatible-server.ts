import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeEmbedding } from './embedding-server';

export type ModelMode =
  // Streams (or returns) an answer built from passage [1] of the prompt.
  | 'answer'
  // Answers 500 with an OpenAI-style error body.
  | 'error'
  // Never answers.
  | 'hang'
  // Sends the first token, then goes silent.
  | 'stall';

export type RecordedRequest = {
  path: string;
  // Wall-clock milliseconds: when the request arrived and when its first token left.
  arrivedAt: number;
  firstTokenAt?: number;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    messages?: Array<{ role: string; content: string }>;
  };
};

type Options = {
  apiKey?: string;
  firstTokenDelayMs?: number;
  tokenDelayMs?: number;
  // Also serve POST /v1/embeddings, as Ollama and vLLM do, with the test embedding model.
  embeddings?: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A small OpenAI-compatible chat server on loopback, standing in for a local Ollama or vLLM: real
// HTTP and real server-sent events, with a deterministic "model" that quotes the first passage it
// was given.
export async function startOpenAiCompatibleServer(options: Options = {}) {
  const requests: RecordedRequest[] = [];
  const state = {
    mode: 'answer' as ModelMode,
    firstTokenDelayMs: options.firstTokenDelayMs ?? 0,
    tokenDelayMs: options.tokenDelayMs ?? 0,
    // Replaces the built answer when set.
    reply: null as string | null,
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => response.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const arrivedAt = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const recorded: RecordedRequest = {
      path,
      arrivedAt,
      authorization: request.headers.authorization,
      body: text ? (JSON.parse(text) as RecordedRequest['body']) : {},
    };
    requests.push(recorded);

    if (state.mode === 'hang') return;
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json(response, 401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    }
    if (path === '/v1/models' && request.method === 'GET') {
      return json(response, 200, {
        object: 'list',
        data: [{ id: 'local-model', object: 'model' }],
      });
    }
    if (options.embeddings && path === '/v1/embeddings' && request.method === 'POST') {
      const { input } = JSON.parse(text) as { input: string | string[] };
      const inputs = Array.isArray(input) ? input : [input];
      return json(response, 200, {
        object: 'list',
        data: inputs.map((item, index) => ({
          object: 'embedding',
          index,
          embedding: fakeEmbedding(item),
        })),
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      });
    }
    if (path !== '/v1/chat/completions' || request.method !== 'POST') {
      return json(response, 404, { error: { message: 'Not found' } });
    }
    if (state.mode === 'error') {
      return json(response, 500, {
        error: {
          message: 'The server had an error while processing your request.',
          type: 'server_error',
        },
      });
    }

    const answer = state.reply ?? answerFrom(recorded.body.messages ?? []);
    const tokens = answer.match(/\S+\s*/g) ?? [answer];
    await sleep(state.firstTokenDelayMs);
    if (!recorded.body.stream) {
      return json(response, 200, {
        id: 'chatcmpl-local',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: recorded.body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' },
        ],
        usage: {
          prompt_tokens: 1,
          completion_tokens: tokens.length,
          total_tokens: tokens.length + 1,
        },
      });
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (delta: Record<string, unknown>, finish: string | null = null) =>
      response.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-local',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: recorded.body.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    for (const [index, token] of tokens.entries()) {
      if (response.destroyed) return;
      send(index === 0 ? { role: 'assistant', content: token } : { content: token });
      recorded.firstTokenAt ??= Date.now();
      if (state.mode === 'stall') return;
      if (state.tokenDelayMs > 0) await sleep(state.tokenDelayMs);
    }
    send({}, 'stop');
    // As OpenAI does when asked: one last chunk with no choices and the request's token counts.
    if (recorded.body.stream_options?.include_usage) {
      const prompt = (recorded.body.messages ?? []).map((message) => message.content).join(' ');
      const promptTokens = prompt.split(/\s+/).filter(Boolean).length;
      response.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-local',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: recorded.body.model,
          choices: [],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: tokens.length,
            total_tokens: promptTokens + tokens.length,
          },
        })}\n\n`,
      );
    }
    response.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    state,
    lastChatRequest: () =>
      [...requests].reverse().find((item) => item.path === '/v1/chat/completions'),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

// The first full sentence of passage [1], cited; or a plain "don't know" when no passage was given.
function answerFrom(messages: Array<{ role: string; content: string }>) {
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const passage = /\[1\] Source: [^\n]*\n([\s\S]*?)(?=\n\n\[\d+\] Source:|\n<\/knowledge-)/.exec(
    system,
  )?.[1];
  if (!passage) return "I don't have information about that.";
  const sentences = passage.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]/g) ?? [passage];
  const sentence = sentences.find((item) => item.trim().split(' ').length >= 5) ?? sentences[0]!;
  return `According to our documents: ${sentence.trim()} [1]`;
}
