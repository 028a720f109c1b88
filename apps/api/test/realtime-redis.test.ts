import {
  botDefaults,
  sourceProgressEventName,
  type Bot,
  type SourceProgressEvent,
} from '@askwell/shared';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

const redisUrl = process.env.REDIS_URL;

// Scale-out: the browser holds its socket on one instance while the job that makes progress runs
// on another; only the Redis adapter can carry the event across.
describe.runIf(redisUrl)('live events shared through Redis', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let web: TestContext;
  let worker: TestContext;
  let socket: Socket | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const envVars = {
      REDIS_URL: redisUrl!,
      SMTP_URL: sink.url,
      DATA_DIR: path.join(process.env.TMPDIR ?? '/tmp', `askwell-realtime-${process.pid}`),
    };
    web = await createTestApp({ envVars, runWorkers: false });
    worker = await createTestApp({ envVars, sharedWith: web });
    await web.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    socket?.disconnect();
    await worker.close();
    await web.close();
    await sink.close();
  });

  test('when a job on another instance makes progress, then the browser connected here sees it live', async () => {
    const owner = await signUpCustomer(web, sink, 'live-owner@shop.test', '10.8.0.1');
    const bot = (await owner.post('/api/bots', { ...botDefaults, name: 'Live bot' })).json<Bot>();
    const { port } = web.app.server.address() as AddressInfo;
    const events: SourceProgressEvent[] = [];
    socket = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      extraHeaders: { cookie: owner.cookieHeader() },
    });
    socket.on(sourceProgressEventName, (event: SourceProgressEvent) => events.push(event));
    await new Promise<void>((resolve, reject) => {
      socket!.on('connect', () => resolve());
      socket!.on('connect_error', reject);
    });

    const created = await owner.post(`/api/bots/${bot.id}/qa`, {
      name: 'Opening hours',
      pairs: [{ question: 'When are you open?', answer: 'Monday to Friday, 9 to 5.' }],
    });
    expect(created.statusCode).toBe(201);
    const sourceId = created.json<{ id: string }>().id;

    await expect
      .poll(() => events.find((event) => event.sourceId === sourceId)?.status, { timeout: 20_000 })
      .toBeDefined();
    await expect
      .poll(() => events.filter((event) => event.sourceId === sourceId).at(-1)?.status, {
        timeout: 20_000,
      })
      .toBe('completed');
  });
});
