import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres } from '../src/db/embedded-postgres';

// A port found free can be taken by another process before PostgreSQL listens on it (an outgoing
// connection's ephemeral port, on a busy machine): the start must then go on elsewhere.
describe('embedded PostgreSQL when its port is taken before it starts', () => {
  const logger = pino({ level: 'silent' });
  let dataDir: string;
  let taker: net.Server;
  let takenPort: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-port-taken-'));
    taker = net.createServer();
    await new Promise<void>((resolve) => taker.listen(0, '127.0.0.1', resolve));
    takenPort = (taker.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => taker.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when the first port it chose is taken, then it starts on another and answers there', async () => {
    const offered: number[] = [];
    const server = await startEmbeddedPostgres({
      dataDir,
      databaseName: 'postgres',
      logger,
      freePort: async () => {
        const port = offered.length === 0 ? takenPort : await findFreePort();
        offered.push(port);
        return port;
      },
    });
    try {
      expect(offered[0]).toBe(takenPort);
      expect(offered).toHaveLength(2);
      const port = Number(new URL(server.url).port);
      expect(port).toBe(offered[1]);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>('select 1 as answer');
      await client.end();
      expect(rows).toEqual([{ answer: 1 }]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('when every port it is offered is taken, then it gives up with PostgreSQL’s reason', async () => {
    await expect(
      startEmbeddedPostgres({
        dataDir,
        databaseName: 'postgres',
        logger,
        freePort: async () => takenPort,
      }),
    ).rejects.toThrow(/did not start.*could not create any TCP\/IP sockets/s);
  }, 120_000);
});

describe('a port chosen for a server that starts later', () => {
  it('when ports are chosen, then each is free and outside the range outgoing connections take theirs from', async () => {
    const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
    const outgoingFrom = Number(range.trim().split(/\s+/)[0]);
    const chosen = await Promise.all(Array.from({ length: 20 }, () => findFreePort()));
    for (const port of chosen) {
      expect(port).toBeLessThan(outgoingFrom);
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
