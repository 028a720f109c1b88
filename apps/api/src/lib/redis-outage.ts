import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

// ioredis reconnects by itself after Redis restarts; without a listener every failed attempt is
// printed as an "Unhandled error event" with a stack. One warning per outage says the same.
export function logRedisOutages(client: Redis, logger: FastifyBaseLogger, name: string) {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn({ redis: name, reason: error.message }, 'Redis unreachable; reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.warn({ redis: name }, 'Redis reachable again');
  });
}
