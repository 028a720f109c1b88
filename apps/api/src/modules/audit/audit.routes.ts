import {
  adminActivityLimit,
  auditActionLabel,
  auditActionNames,
  auditCsvColumns,
  auditLogFiltersSchema,
  auditLogQuerySchema,
  csvRecords,
  rolesForSection,
  type AdminActivity,
  type AuditLogEntry,
  type AuditLogPage,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { attachmentName } from '../../lib/csv';
import type { AdminLogRow } from './audit.repository';
import type { AuditService } from './audit.service';

const entrySchema = z.object({
  id: z.string(),
  admin_id: z.string().nullable(),
  admin_email: z.string(),
  action: z.enum(auditActionNames),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip_address: z.string().nullable(),
  details: z.object({ message: z.string() }).catchall(z.unknown()),
  created_at: z.string(),
}) satisfies z.ZodType<AuditLogEntry>;

const pageSchema = z.object({
  entries: z.array(entrySchema),
  next_cursor: z.string().nullable(),
}) satisfies z.ZodType<AuditLogPage>;

const activitySchema = z.object({
  activity: z.array(
    z.object({
      id: z.string(),
      type: z.enum(auditActionNames),
      message: z.string(),
      timestamp: z.string(),
    }),
  ),
}) satisfies z.ZodType<AdminActivity>;

function toEntry(row: AdminLogRow): AuditLogEntry {
  return {
    id: row.id,
    admin_id: row.adminId,
    admin_email: row.adminEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    ip_address: row.ipAddress,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

// Spec §3: the activity list shows details.message, or the action when a row has none.
function messageOf(row: AdminLogRow) {
  const message = row.details?.message;
  return typeof message === 'string' && message.trim() ? message : auditActionLabel(row.action);
}

// The audit log, read only: no route here or anywhere updates or deletes a row, and the database
// refuses it too (migration 0016's trigger).
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (
  app,
  { audit },
) => {
  const access = { staff: rolesForSection('logs') };

  app.get(
    '/api/admin/logs',
    {
      schema: { querystring: auditLogQuerySchema, response: { 200: pageSchema } },
      config: { access, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request): Promise<AuditLogPage> => {
      const { before, limit, ...filters } = request.query;
      const { rows, nextCursor } = await audit.list(filters, { before, limit });
      return { entries: rows.map(toEntry), next_cursor: nextCursor };
    },
  );

  // Streamed, not capped: the rows go out a thousand at a time as they are read (keyset pages), so
  // a whole year of log costs the server one page of memory. The tight limit keeps a staff member
  // from tying up database connections with exports.
  app.get(
    '/api/admin/logs/export.csv',
    {
      schema: {
        querystring: auditLogFiltersSchema,
        response: {
          // A stream, sent as it is: no serializer applies to it.
          200: z.any().describe('The matching log entries as CSV (text/csv), newest first.'),
        },
      },
      config: { access, rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const pages = audit.pages(request.query);
      async function* csv() {
        yield `\uFEFF${csvRecords([[...auditCsvColumns]])}`;
        for await (const rows of pages) {
          yield csvRecords(
            rows.map((row) => [
              row.createdAt,
              row.adminEmail,
              auditActionLabel(row.action),
              row.ipAddress,
              JSON.stringify(row.details),
            ]),
          );
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${attachmentName('audit-log', 'csv')}"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(csv()));
    },
  );

  app.get(
    '/api/admin/activity',
    {
      schema: { response: { 200: activitySchema } },
      config: {
        access: { staff: rolesForSection('dashboard') },
        rateLimit: { max: 120, timeWindow: '1 minute' },
      },
    },
    async (): Promise<AdminActivity> => ({
      activity: (await audit.newest(adminActivityLimit)).map((row) => ({
        id: row.id,
        type: row.action,
        message: messageOf(row),
        timestamp: row.createdAt.toISOString(),
      })),
    }),
  );
};
