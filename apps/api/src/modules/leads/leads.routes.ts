import {
  leadListQuerySchema,
  leadStatusLabels,
  leadStatusUpdateSchema,
  type LeadList,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { attachmentName, toCsv } from '../../lib/csv';
import { leadListSchema, leadSchema } from './leads.schemas';
import { toLead, type LeadsService } from './leads.service';

const leadParamsSchema = z.object({ leadId: z.string().max(64) });
const exportLimit = 50_000;

function leadNotFound() {
  return new AppError('not_found', 'Lead not found.');
}

export const leadsRoutes: FastifyPluginAsyncZod<{ leads: LeadsService }> = async (
  app,
  { leads },
) => {
  app.get(
    '/api/leads',
    {
      schema: { querystring: leadListQuerySchema, response: { 200: leadListSchema } },
      config: { access: 'signed-in' },
    },
    async (request): Promise<LeadList> => {
      const { page, pageSize, ...filters } = request.query;
      const { rows, total } = await leads.list(request.user!.id, filters, {
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
      schema: {
        querystring: leadListQuerySchema.omit({ page: true, pageSize: true }),
        response: { 200: z.string().describe('The matching leads as CSV (text/csv).') },
      },
      config: { access: 'signed-in', viewAs: false },
    },
    async (request, reply) => {
      const { rows } = await leads.list(request.user!.id, request.query, {
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
          leadStatusLabels[lead.status] ?? lead.status,
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
    {
      schema: { params: leadParamsSchema, response: { 200: leadSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const row = await leads.findOwned(request.user!.id, request.params.leadId);
      if (!row) throw leadNotFound();
      return toLead(row.lead, row.botName);
    },
  );

  app.patch(
    '/api/leads/:leadId',
    {
      schema: {
        params: leadParamsSchema,
        body: leadStatusUpdateSchema,
        response: { 200: leadSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const row = await leads.updateStatus(
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
    {
      schema: { params: leadParamsSchema, response: { 204: z.null().describe('Deleted.') } },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      if (!(await leads.delete(request.user!.id, request.params.leadId))) {
        throw leadNotFound();
      }
      return reply.status(204).send(null);
    },
  );
};
