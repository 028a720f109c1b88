import {
  leadListQuerySchema,
  leadStatusLabels,
  leadStatusUpdateSchema,
  type LeadList,
  type LeadStatus,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { attachmentName, toCsv } from '../../lib/csv';
import { deleteOwnedLead, findOwnedLead, listLeads, updateLeadStatus } from './leads.repository';
import { toLead } from './leads.service';

const leadParamsSchema = z.object({ leadId: z.string().max(64) });
const exportLimit = 50_000;

function leadNotFound() {
  return new AppError('not_found', 'Lead not found.');
}

export const leadsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/leads',
    { schema: { querystring: leadListQuerySchema }, config: { access: 'signed-in' } },
    async (request): Promise<LeadList> => {
      const { page, pageSize, ...filters } = request.query;
      const { rows, total } = await listLeads(db, request.user!.id, filters, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        leads: rows.map((row) => toLead(row.lead, row.botName)),
        total,
        page,
        pageSize,
      };
    },
  );

  app.get(
    '/api/leads/export.csv',
    {
      schema: { querystring: leadListQuerySchema.omit({ page: true, pageSize: true }) },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const { rows } = await listLeads(db, request.user!.id, request.query, {
        limit: exportLimit,
        offset: 0,
      });
      const csv = toCsv(
        ['Name', 'Email', 'Phone', 'Bot', 'Status', 'Consent', 'Conversation', 'Captured at'],
        rows.map(({ lead, botName }) => [
          lead.name,
          lead.email,
          lead.phone,
          botName,
          leadStatusLabels[lead.status as LeadStatus] ?? lead.status,
          lead.consent ? 'yes' : 'no',
          lead.conversationId,
          lead.createdAt,
        ]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${attachmentName('leads', 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/leads/:leadId',
    { schema: { params: leadParamsSchema }, config: { access: 'signed-in' } },
    async (request) => {
      const row = await findOwnedLead(db, request.user!.id, request.params.leadId);
      if (!row) throw leadNotFound();
      return toLead(row.lead, row.botName);
    },
  );

  app.patch(
    '/api/leads/:leadId',
    {
      schema: { params: leadParamsSchema, body: leadStatusUpdateSchema },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const row = await updateLeadStatus(
        db,
        request.user!.id,
        request.params.leadId,
        request.body.status,
      );
      if (!row) throw leadNotFound();
      return toLead(row.lead, row.botName);
    },
  );

  app.delete(
    '/api/leads/:leadId',
    { schema: { params: leadParamsSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      if (!(await deleteOwnedLead(db, request.user!.id, request.params.leadId))) {
        throw leadNotFound();
      }
      return reply.status(204).send();
    },
  );
};
