import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DemoDataService } from './demo-data.service';

export const demoRoutes: FastifyPluginAsyncZod<{ demo: DemoDataService }> = async (
  app,
  { demo },
) => {
  // The spec's remote procedure clear_demo_data.
  app.delete(
    '/api/dashboard/demo-data',
    {
      schema: {
        response: {
          204: z.null().describe('Every demo row of the account is gone (or there was none).'),
        },
      },
      config: {
        access: 'signed-in',
        // Counted per account, after the session is checked: customers behind one address (an
        // office, a test run) do not share a limit.
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `demo-data:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      await demo.clear(request.user!.id);
      return reply.status(204).send(null);
    },
  );
};
