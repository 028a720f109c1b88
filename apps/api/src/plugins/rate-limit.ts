import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import { logRedisOutages } from '../lib/redis-outage';

// With REDIS_URL every instance counts in the same place, so a limit holds however many instances
// run; without it each instance counts on its own.
export async function registerRateLimit(app: FastifyInstance, redisUrl?: string) {
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true })
    : undefined;
  if (redis) {
    logRedisOutages(redis, app.log, 'rate limits');
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'askwell-rate-limit:' } : {}),
    // A Redis outage must not take sign-in down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'rate_limited',
        `Too many requests. Please try again in ${formatWait(seconds)}.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    },
  });
}

function formatWait(seconds: number) {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
