import type { Bot } from '@askwell/shared';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createApiKey, createBot } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let firstBot: Bot;
let secondBot: Bot;

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({
    envVars: { SMTP_URL: sink.url, CHAT_RATE_LIMIT_PER_KEY: '3', CHAT_RATE_LIMIT_PER_BOT: '4' },
  });
  owner = await signUpCustomer(context, sink, 'limits-owner@shop.test', '10.8.0.1');
  firstBot = await createBot(owner, { name: 'First' });
  secondBot = await createBot(owner, { name: 'Second' });
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

function chat(key: string, botId: string) {
  return context.app.inject({
    method: 'POST',
    url: '/v1/chat',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    payload: { botId, message: 'Hello there' },
  });
}

test('when a key or a bot goes over its per-minute limit, then 429 with Retry-After, and other keys and bots are unaffected', async () => {
  const keyA = (await createApiKey(owner, 'A')).secret;
  const keyB = (await createApiKey(owner, 'B')).secret;

  for (let attempt = 0; attempt < 3; attempt++) {
    expect((await chat(keyA, firstBot.id)).statusCode).toBe(200);
  }
  const overKey = await chat(keyA, firstBot.id);
  expect(overKey.statusCode).toBe(429);
  expect(Number(overKey.headers['retry-after'])).toBeGreaterThan(0);
  expect(overKey.json()).toMatchObject({
    error: { code: 'rate_limited', message: expect.stringContaining('Too many requests') },
  });

  // The bot has answered 3 of its 4; a second key gets the last one, then the bot's limit holds.
  expect((await chat(keyB, firstBot.id)).statusCode).toBe(200);
  const overBot = await chat(keyB, firstBot.id);
  expect(overBot.statusCode).toBe(429);
  expect(Number(overBot.headers['retry-after'])).toBeGreaterThan(0);

  expect((await chat(keyB, secondBot.id)).statusCode).toBe(200);
});

const redisUrl = process.env.REDIS_URL;

// Scale-out: with Redis, two instances over one database enforce one limit per key together.
describe.runIf(redisUrl)('chat limits shared through Redis', () => {
  let first: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    const envVars = { SMTP_URL: sink.url, REDIS_URL: redisUrl!, CHAT_RATE_LIMIT_PER_KEY: '3' };
    first = await createTestApp({ envVars });
    second = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', DATABASE_URL: first.databaseUrl, ...envVars }),
      database: first.database,
      logger: pino({ level: 'silent' }),
      authSecret: randomBytes(32).toString('hex'),
      runWorkers: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  test('when one key spreads its requests over two instances, then the limit counts them all', async () => {
    const customer = await signUpCustomer(first, sink, 'limits-redis@shop.test', '10.8.1.1');
    const bot = await createBot(customer, { name: 'Shared' });
    const key = (await createApiKey(customer, 'Shared key')).secret;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const app = attempt % 2 === 0 ? first.app : second;
      const response = await app.inject({
        method: 'POST',
        url: '/v1/chat',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        payload: { botId: bot.id, message: 'Hello there' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
