import {
  rolesForSection,
  trainingJobsPageSize,
  trainingJobStatuses,
  type AdminApiUsage,
  type AdminGrowth,
  type AdminSystemFigures,
  type TrainingJob,
  type TrainingJobPage,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../audit/audit.service';
import type { AdminSystemService } from './admin-system.service';

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/;

const usedSchema = z.object({ used_bytes: z.number(), total_bytes: z.number() });

const systemSchema = z.object({
  active_users: z.object({
    count: z.number().int(),
    scope: z.enum(['all_instances', 'this_instance']),
  }),
  system_load_percent: z.number(),
  load_average: z.tuple([z.number(), z.number(), z.number()]),
  cpu_count: z.number().int(),
  api_requests_24h: z.number().int(),
  average_response_ms_1h: z.number().nullable(),
  measured_since: z.string(),
  cpu_percent: z.number(),
  memory: usedSchema,
  storage: usedSchema.nullable(),
  search_indexes: z.object({
    bots: z.number().int(),
    used_bytes: z.number(),
    budget_bytes: z.number(),
    shared_bytes: z.number(),
    shared_limit_bytes: z.number(),
  }),
  sampled_at: z.string(),
}) satisfies z.ZodType<AdminSystemFigures>;

const usageFields = {
  calls: z.number().int(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  estimated_cost_usd: z.number().nullable(),
};

const apiUsageSchema = z.object({
  days: z.number().int(),
  providers: z.array(
    z.object({
      provider: z.string(),
      ...usageFields,
      unpriced_calls: z.number().int(),
      models: z.array(z.object({ model: z.string(), ...usageFields })),
    }),
  ),
}) satisfies z.ZodType<AdminApiUsage>;

const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  bot: z.object({ id: z.string(), name: z.string() }),
  owner: z.object({ id: z.string(), email: z.string() }),
  status: z.enum([...trainingJobStatuses, 'unknown']),
  queued: z.boolean(),
  stage: z.string(),
  progress: z.number().int(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<TrainingJob>;

const jobPageSchema = z.object({
  jobs: z.array(jobSchema),
  next_cursor: z.string().nullable(),
  counts: z.object({
    processing: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
  }),
}) satisfies z.ZodType<TrainingJobPage>;

const growthCounts = z.object({
  users: z.number().int(),
  bots: z.number().int(),
  conversations: z.number().int(),
});

const growthSchema = z.object({
  totals: growthCounts,
  this_month: growthCounts,
  months: z.array(growthCounts.extend({ month: z.string() })),
}) satisfies z.ZodType<AdminGrowth>;

const jobParams = z.object({ sourceId: z.string().max(64) });

function notFound() {
  return new AppError(
    'not_found',
    'No training job with this id. Its source may have been deleted.',
  );
}

// The dashboard's System Analytics, API Usage and Training Jobs, the jobs list with Retry and
// Cancel, and the Analytics page's growth.
export const adminSystemRoutes: FastifyPluginAsyncZod<{ adminSystem: AdminSystemService }> = async (
  app,
  { adminSystem },
) => {
  const dashboard = { staff: rolesForSection('dashboard') };
  const jobs = { staff: rolesForSection('jobs') };

  app.get(
    '/api/admin/overview/system',
    {
      schema: { response: { 200: systemSchema } },
      config: { access: dashboard, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async () => adminSystem.system(),
  );

  app.get(
    '/api/admin/overview/api-usage',
    {
      schema: { response: { 200: apiUsageSchema } },
      config: { access: dashboard, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async () => adminSystem.apiUsage(),
  );

  app.get(
    '/api/admin/jobs',
    {
      schema: {
        querystring: z.object({
          status: z
            .enum(trainingJobStatuses, { error: 'Choose processing, completed or failed.' })
            .optional(),
          before: z
            .string()
            .regex(cursorPattern, 'This page link is not valid any more. Reload the list.')
            .optional(),
          limit: z.coerce
            .number()
            .int('Use a whole number of jobs.')
            .min(1, 'Ask for at least one job.')
            .max(trainingJobsPageSize, `Ask for at most ${trainingJobsPageSize} jobs.`)
            .default(trainingJobsPageSize),
        }),
        response: { 200: jobPageSchema },
      },
      config: { access: jobs, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request): Promise<TrainingJobPage> => {
      const { status, before, limit } = request.query;
      const match = before ? cursorPattern.exec(before) : null;
      const found = await adminSystem.jobs({
        filter: status,
        before: match ? { at: match[1]!, id: match[2]! } : null,
        // One more than a page tells whether another page follows.
        limit: limit + 1,
      });
      const page = found.rows.slice(0, limit);
      const last = page.at(-1);
      return {
        jobs: page.map(found.toJob),
        next_cursor: found.rows.length > limit && last ? `${last.cursor_at}_${last.id}` : null,
        counts: found.counts,
      };
    },
  );

  app.post(
    '/api/admin/jobs/:sourceId/retry',
    {
      schema: { params: jobParams, response: { 200: z.object({ status: z.string() }) } },
      config: { access: jobs, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const row = await adminSystem.retry(auditActorOf(request), request.params.sourceId);
      if (row === undefined) throw notFound();
      if (row === null) {
        throw new AppError(
          'validation_error',
          'Only a failed job can be retried. Reload the list.',
        );
      }
      return { status: row.status };
    },
  );

  app.post(
    '/api/admin/jobs/:sourceId/cancel',
    {
      schema: { params: jobParams, response: { 200: z.object({ status: z.string() }) } },
      config: { access: jobs, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const row = await adminSystem.cancel(auditActorOf(request), request.params.sourceId);
      if (row === undefined) throw notFound();
      if (row === null) {
        throw new AppError(
          'validation_error',
          'This job is no longer processing, so there is nothing to cancel. Reload the list.',
        );
      }
      return { status: row.status };
    },
  );

  app.get(
    '/api/admin/analytics/growth',
    {
      schema: { response: { 200: growthSchema } },
      config: {
        access: { staff: rolesForSection('analytics') },
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
    },
    async () => adminSystem.growth(),
  );
};
