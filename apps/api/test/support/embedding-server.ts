import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const embeddingDimensions = 64;

const ignored = new Set(['a', 'an', 'the', 'of', 'to', 'and', 'or', 'for', 'is', 'are', 'how']);

// Words that mean the same land in the same dimension, as they would for a real embedding model:
// this is what lets a paraphrase with no word in common with a passage still find it.
const synonyms: Record<string, string> = {
  reimbursement: 'refund',
  reimbursed: 'refund',
  refunds: 'refund',
  money: 'refund',
  parcel: 'shipping',
  delivery: 'shipping',
  delivered: 'shipping',
  guarantee: 'warranty',
};

// A deterministic stand-in for an embedding model: a hashed bag of words (after the synonym
// map), so equal inputs give equal vectors and shared meanings give similar ones.
export function fakeEmbedding(text: string) {
  const vector = new Array<number>(embeddingDimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (ignored.has(raw)) continue;
    const word = synonyms[raw] ?? raw;
    const bucket = createHash('sha256').update(word).digest().readUInt32BE(0) % embeddingDimensions;
    vector[bucket]! += 1;
  }
  return vector;
}

// An OpenAI-compatible embeddings endpoint on loopback (POST /v1/embeddings), standing in for a
// local Ollama or vLLM.
export async function startEmbeddingServer() {
  const state = { failing: false, requests: 0 };
  const server = createServer((request, response) => {
    void handle(request, response).catch(() => response.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== '/v1/embeddings' || request.method !== 'POST') {
      return json(response, 404, { error: { message: 'Not found' } });
    }
    state.requests += 1;
    if (state.failing) {
      return json(response, 500, {
        error: { message: 'The embedding model is not loaded.', type: 'server_error' },
      });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      model: string;
      input: string | string[];
    };
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    return json(response, 200, {
      object: 'list',
      model: body.model,
      data: inputs.map((input, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(input),
      })),
      usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
