import type { HealthResponse } from '@askwell/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { appVersion } from '../../lib/app-version';

const databaseProbeTimeoutMs = 2_000;

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
}) satisfies z.ZodType<HealthResponse>;

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      schema: { response: { 200: healthSchema, 503: healthSchema } },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      const databaseUp = await probe(db);
      const body: HealthResponse = {
        status: databaseUp ? 'ok' : 'degraded',
        database: databaseUp ? 'up' : 'down',
        version: appVersion,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply
        .status(databaseUp ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

async function probe(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseProbeTimeoutMs);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
