import { addAnswerInputSchema, analyticsQuerySchema, type AnalyticsReport } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timeZoneSchema } from '../dashboard/dashboard.schemas';
import { addAnswerResultSchema, analyticsReportSchema } from './analytics.schemas';
import type { AnalyticsService } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/api/analytics',
    {
      schema: {
        querystring: analyticsQuerySchema.extend({
          timeZone: timeZoneSchema.optional().default('UTC'),
        }),
        response: { 200: analyticsReportSchema },
      },
      // The page refetches when conversations or leads arrive; bursts are throttled in the browser.
      config: { access: 'signed-in', rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply): Promise<AnalyticsReport> => {
      reply.header('cache-control', 'no-store');
      const { timeZone, ...query } = request.query;
      return analytics.report(request.user!.id, query, timeZone);
    },
  );

  app.post(
    '/api/analytics/answers',
    {
      schema: { body: addAnswerInputSchema, response: { 201: addAnswerResultSchema } },
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await analytics.addAnswer(request.user!.id, request.body);
      return reply.status(201).send(result);
    },
  );
};
