import {
  adminTicketDetailSchema,
  adminTicketPageSchema,
  adminTicketsQuerySchema,
  adminTicketSummarySchema,
  rolesForSection,
  ticketAssigneesSchema,
  ticketAssignInputSchema,
  ticketCreateInputSchema,
  ticketDetailSchema,
  ticketListSchema,
  ticketParamsSchema,
  ticketReplyInputSchema,
} from '@askwell/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../audit/audit.service';
import type { TicketsService } from './tickets.service';

// Counted per account after the session is checked, so customers behind one office address do not
// share a limit, and one account cannot flood the support queue or the team's mailboxes.
function perAccount(name: string, max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`,
  };
}

export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (
  app,
  { tickets },
) => {
  // --- the customer's Help page ---------------------------------------------------------------

  app.get(
    '/api/tickets',
    {
      schema: { response: { 200: ticketListSchema } },
      config: { access: 'signed-in', rateLimit: perAccount('tickets-read', 120, '1 minute') },
    },
    async (request) => ({ tickets: await tickets.listOwn(request.user!.id) }),
  );

  app.post(
    '/api/tickets',
    {
      schema: { body: ticketCreateInputSchema, response: { 201: ticketDetailSchema } },
      config: { access: 'signed-in', rateLimit: perAccount('tickets-create', 10, '1 hour') },
    },
    async (request, reply) => {
      const detail = await tickets.create(request.user!, request.body);
      return reply.status(201).send(detail);
    },
  );

  app.get(
    '/api/tickets/:ticketNumber',
    {
      schema: { params: ticketParamsSchema, response: { 200: ticketDetailSchema } },
      config: { access: 'signed-in', rateLimit: perAccount('tickets-read', 120, '1 minute') },
    },
    async (request) => tickets.findOwn(request.user!.id, request.params.ticketNumber),
  );

  app.post(
    '/api/tickets/:ticketNumber/messages',
    {
      schema: {
        params: ticketParamsSchema,
        body: ticketReplyInputSchema,
        response: { 200: ticketDetailSchema },
      },
      config: { access: 'signed-in', rateLimit: perAccount('tickets-reply', 20, '10 minutes') },
    },
    async (request) =>
      tickets.replyOwn(request.user!.id, request.params.ticketNumber, request.body.message),
  );

  app.post(
    '/api/tickets/:ticketNumber/close',
    {
      schema: { params: ticketParamsSchema, response: { 200: ticketDetailSchema } },
      config: { access: 'signed-in', rateLimit: perAccount('tickets-reply', 20, '10 minutes') },
    },
    async (request) => tickets.closeOwn(request.user!.id, request.params.ticketNumber),
  );

  // --- the back office (spec §6: super_admin and support_team) ---------------------------------

  const staff = { staff: rolesForSection('tickets') };
  // Acting on a ticket also needs the role's 'manage_tickets' permission (Roles & Permissions).
  const manage = { staff: rolesForSection('tickets'), permissions: ['manage_tickets'] };

  app.get(
    '/api/admin/tickets',
    {
      schema: { querystring: adminTicketsQuerySchema, response: { 200: adminTicketPageSchema } },
      config: { access: staff, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => tickets.list(request.user!.id, request.query),
  );

  app.get(
    '/api/admin/tickets/summary',
    {
      schema: { response: { 200: adminTicketSummarySchema } },
      config: { access: staff, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async () => tickets.summary(),
  );

  app.get(
    '/api/admin/tickets/assignees',
    {
      schema: { response: { 200: ticketAssigneesSchema } },
      config: { access: staff, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async () => ({ staff: await tickets.assignees() }),
  );

  app.get(
    '/api/admin/tickets/:ticketNumber',
    {
      schema: { params: ticketParamsSchema, response: { 200: adminTicketDetailSchema } },
      config: { access: staff, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => tickets.find(request.params.ticketNumber),
  );

  app.post(
    '/api/admin/tickets/:ticketNumber/messages',
    {
      schema: {
        params: ticketParamsSchema,
        body: ticketReplyInputSchema,
        response: { 200: adminTicketDetailSchema },
      },
      config: { access: manage, rateLimit: perAccount('admin-tickets-reply', 30, '1 minute') },
    },
    async (request) =>
      tickets.reply(auditActorOf(request), request.params.ticketNumber, request.body.message),
  );

  app.put(
    '/api/admin/tickets/:ticketNumber/assignee',
    {
      schema: {
        params: ticketParamsSchema,
        body: ticketAssignInputSchema,
        response: { 200: adminTicketDetailSchema },
      },
      config: { access: manage, rateLimit: perAccount('admin-tickets-change', 60, '1 minute') },
    },
    async (request) =>
      tickets.assign(auditActorOf(request), request.params.ticketNumber, request.body.assignee_id),
  );

  app.post(
    '/api/admin/tickets/:ticketNumber/close',
    {
      schema: { params: ticketParamsSchema, response: { 200: adminTicketDetailSchema } },
      config: { access: manage, rateLimit: perAccount('admin-tickets-change', 60, '1 minute') },
    },
    async (request) => tickets.setClosed(auditActorOf(request), request.params.ticketNumber, true),
  );

  app.post(
    '/api/admin/tickets/:ticketNumber/reopen',
    {
      schema: { params: ticketParamsSchema, response: { 200: adminTicketDetailSchema } },
      config: { access: manage, rateLimit: perAccount('admin-tickets-change', 60, '1 minute') },
    },
    async (request) => tickets.setClosed(auditActorOf(request), request.params.ticketNumber, false),
  );
};
