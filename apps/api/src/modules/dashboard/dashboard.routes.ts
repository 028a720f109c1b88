import type { AccountSearchResults, DashboardOverview } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSearchQuerySchema,
  accountSearchResultsSchema,
  dashboardOverviewSchema,
  timeZoneSchema,
} from './dashboard.schemas';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/api/dashboard/overview',
    {
      schema: {
        querystring: z.object({ timeZone: timeZoneSchema.optional().default('UTC') }),
        response: { 200: dashboardOverviewSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply): Promise<DashboardOverview> => {
      reply.header('cache-control', 'no-store');
      return dashboard.overview(request.user!.id, request.query.timeZone);
    },
  );

  app.get(
    '/api/search',
    {
      schema: {
        querystring: accountSearchQuerySchema,
        response: { 200: accountSearchResultsSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply): Promise<AccountSearchResults> => {
      reply.header('cache-control', 'no-store');
      return dashboard.search(request.user!.id, request.query.q);
    },
  );
};
