import type { RefusedOrigin } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BotsService } from '../bots/bots.service';
import { originMatches } from './widget-origin';
import type { WidgetService } from './widget.service';

const params = z.object({ botId: z.string().max(64) });
const perMinute = { max: 60, timeWindow: '1 minute' };

const refusedOriginSchema = z.object({
  origin: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  refusals: z.number(),
}) satisfies z.ZodType<RefusedOrigin>;

// The owner's view of the sites the widget refused; an origin the bot now allows is left out.
export const refusedOriginsRoutes: FastifyPluginAsyncZod<{
  bots: BotsService;
  widget: WidgetService;
}> = async (app, { bots, widget }) => {
  const ownBot = (userId: string, botId: string) => bots.requireOwned(userId, botId);

  app.get(
    '/api/bots/:botId/refused-origins',
    {
      schema: { params, response: { 200: z.array(refusedOriginSchema) } },
      config: { access: 'signed-in', rateLimit: perMinute },
    },
    async (request) => {
      const bot = await ownBot(request.user!.id, request.params.botId);
      const rows = await widget.listRefusedOrigins(bot.id);
      return rows
        .filter((row) => !originMatches(row.origin, bot.allowedDomains))
        .map((row): RefusedOrigin => ({
          origin: row.origin,
          firstSeenAt: row.firstSeenAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          refusals: row.refusals,
        }));
    },
  );

  app.delete(
    '/api/bots/:botId/refused-origins',
    {
      schema: {
        params,
        querystring: z.object({ origin: z.string().min(1).max(300) }),
        response: {
          204: z.null().describe('Dismissed: left out until the widget refuses it again.'),
        },
      },
      config: { access: 'signed-in', rateLimit: perMinute },
    },
    async (request, reply) => {
      const bot = await ownBot(request.user!.id, request.params.botId);
      await widget.dismissRefusedOrigin(bot.id, request.query.origin);
      return reply.status(204).send(null);
    },
  );
};
