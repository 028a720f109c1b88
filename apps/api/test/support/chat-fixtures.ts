import type { ApiKeyCreated, Bot, KnowledgeSource } from '@askwell/shared';
import { botDefaults } from '@askwell/shared';
import { expect } from 'vitest';
import type { BrowserClient } from './browser-client';

export async function createBot(browser: BrowserClient, overrides: Partial<Bot> = {}) {
  const response = await browser.post('/api/bots', {
    ...botDefaults,
    name: 'Help bot',
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Bot>();
}

// Uploads a text document through the real pipeline and waits until it is searchable.
export async function addTextDocument(
  browser: BrowserClient,
  botId: string,
  fileName: string,
  text: string,
) {
  const response = await browser.upload(
    `/api/bots/${botId}/documents`,
    fileName,
    new TextEncoder().encode(text),
    'text/plain',
  );
  expect(response.statusCode).toBe(201);
  return settled(browser, response.json<KnowledgeSource>().id);
}

export async function addDocument(
  browser: BrowserClient,
  botId: string,
  fileName: string,
  bytes: Uint8Array,
) {
  const response = await browser.upload(`/api/bots/${botId}/documents`, fileName, bytes);
  expect(response.statusCode).toBe(201);
  return settled(browser, response.json<KnowledgeSource>().id);
}

// Waits for the background pipeline the way the dashboard does, by reading the source's state,
// until it is completed or failed.
export async function finished(browser: BrowserClient, sourceId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const all = (await browser.get('/api/sources')).json<KnowledgeSource[]>();
    const source = all.find((item) => item.id === sourceId);
    if (!source) throw new Error(`source ${sourceId} disappeared`);
    if (source.status === 'completed' || source.status === 'failed') return source;
    if (Date.now() > deadline) throw new Error(`source stuck in ${source.status}/${source.stage}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The source completed; its failure is an error of the test.
export async function settled(browser: BrowserClient, sourceId: string) {
  const source = await finished(browser, sourceId);
  if (source.status === 'failed') throw new Error(`source failed: ${source.error}`);
  return source;
}

export async function createApiKey(browser: BrowserClient, name = 'Server key') {
  const response = await browser.post('/api/api-keys', { name });
  expect(response.statusCode).toBe(201);
  return response.json<ApiKeyCreated>();
}
