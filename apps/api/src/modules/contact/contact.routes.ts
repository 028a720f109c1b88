import { contactConfirmation, contactRequestSchema, type ContactResponse } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { insertContactMessage } from './contact.repository';

export const contactRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/contact',
    {
      schema: { body: contactRequestSchema },
      config: {
        access: 'public',
        rateLimit: { max: 5, timeWindow: '10 minutes' },
      },
    },
    async (request, reply) => {
      const row = await insertContactMessage(db, {
        ...request.body,
        email: request.body.email.toLowerCase(),
        ipAddress: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      });
      const body: ContactResponse = { id: row.id, message: contactConfirmation };
      return reply.status(201).send(body);
    },
  );
};
