import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ensureDatabase } from '../src/db/embedded-postgres';
import { createRealtimeRelay } from '../src/plugins/realtime';
import { dropDatabase, withDatabase } from '../src/db/embedded-postgres';

// The PostgreSQL relay that carries a worker's events to every API instance. A database of its
// own: other test files' instances listen on the same channel name.
const serverUrl = inject('databaseServerUrl');
const databaseName = `askwell_relay_${randomBytes(6).toString('hex')}`;
let pool: pg.Pool;
let listener: pg.Client;
const notifications: string[] = [];

beforeAll(async () => {
  const url = withDatabase(serverUrl, databaseName);
  await ensureDatabase(url, databaseName);
  pool = new pg.Pool({ connectionString: url });
  listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (message) => notifications.push(message.payload ?? ''));
  await listener.query('listen askwell_realtime');
});

afterAll(async () => {
  await listener?.end();
  await pool?.end();
  await dropDatabase(serverUrl, databaseName);
});

test('when a bulk import publishes a thousand progress events at once, then every one arrives, in order, in far fewer notifications', async () => {
  const relay = createRealtimeRelay(pool, pino({ level: 'silent' }));
  for (let step = 0; step < 1000; step++) relay.toUser('owner-1', 'source:progress', { step });
  relay.toUser('owner-1', 'too-large', { text: 'x'.repeat(8000) });
  relay.toEveryone('notice', { text: 'last' });

  type Relayed = { userId: string | null; event: string; payload: { step?: number } };
  const received = () => notifications.flatMap((payload) => JSON.parse(payload) as Relayed[]);
  await expect.poll(() => received().length, { timeout: 10_000 }).toBe(1001);
  const events = received();
  expect(events.slice(0, 1000).map((event) => event.payload.step)).toEqual(
    Array.from({ length: 1000 }, (_, step) => step),
  );
  expect(events.every((event, at) => event.userId === (at < 1000 ? 'owner-1' : null))).toBe(true);
  // The event over PostgreSQL's payload limit is dropped; the one after it still arrives.
  expect(events.at(-1)).toMatchObject({ event: 'notice', payload: { text: 'last' } });
  expect(notifications.length).toBeLessThan(50);
});
