import { contactConfirmation, contactRequestSchema, type ContactResponse } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContactService } from './contact.service';

const contactResponseSchema = z.object({
  id: z.string(),
  message: z.string(),
}) satisfies z.ZodType<ContactResponse>;

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  app.post(
    '/api/contact',
    {
      schema: { body: contactRequestSchema, response: { 201: contactResponseSchema } },
      config: {
        access: 'public',
        rateLimit: { max: 5, timeWindow: '10 minutes' },
      },
    },
    async (request, reply) => {
      const row = await contact.receive({
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
