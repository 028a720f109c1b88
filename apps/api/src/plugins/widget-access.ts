import { isStaffRole } from '@askwell/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Auth } from '../modules/auth/auth';
import type { BotRow } from '../modules/bots/bots.repository';
import { servesVisitors, type BotsService } from '../modules/bots/bots.service';
import { originMatches, ownOrigins, requestOrigin } from '../modules/widget/widget-origin';
import { WidgetTokens } from '../modules/widget/widget-token';
import type { EffectivePlan, PlansService } from '../modules/plans/plans.service';
import type { WidgetService } from '../modules/widget/widget.service';
import { toHeaders } from './access';

export type WidgetLimits = {
  // Requests per minute.
  visitorMessages: number;
  botMessages: number;
  visitorRequests: number;
  addressRequests: number;
  // New origins added to a bot's refused-origin list per hour.
  newRefusedOriginsPerHour: number;
};

export const defaultWidgetLimits: WidgetLimits = {
  visitorMessages: 20,
  botMessages: 600,
  visitorRequests: 120,
  // Every page view loads the config; offices and mobile carriers put many visitors behind one IP.
  addressRequests: 300,
  newRefusedOriginsPerHour: 10,
};

// The page a widget request comes from, the bot it talks to and, on `widgetSession` routes, the
// visitor its session token names.
export type WidgetCaller = {
  bot: BotRow;
  origin: string;
  // Askwell's own page showing the owner (or staff) a bot that is not yet allowed anywhere.
  preview: boolean;
  visitorId: string | null;
  // The owner's plan, which the message route counts against.
  plan: EffectivePlan;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyContextConfig {
    // Counted against the per-visitor and per-bot message limits instead of the request limit.
    widgetLimit?: 'messages';
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyRequest {
    widget: WidgetCaller | null;
  }
}

export type WidgetAccessOptions = {
  auth: Auth;
  bots: BotsService;
  widget: WidgetService;
  plans: PlansService;
  // Signs visitor session tokens (WidgetTokens).
  secret: string;
  publicUrl?: string;
  limits?: Partial<WidgetLimits>;
};

export function allowWidgetCors(reply: FastifyReply, origin: string) {
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
}

// Askwell's own pages preview a bot only for the person who may edit it: its signed-in owner,
// or staff. Anyone else on our origin is just another page the bot was not allowed on.
export async function mayPreviewBot(auth: Auth, request: FastifyRequest, bot: BotRow) {
  if (!request.headers.cookie) return false;
  const session = await auth.api.getSession({ headers: toHeaders(request) }).catch(() => null);
  if (!session?.user.emailVerified) return false;
  return session.user.id === bot.userId || isStaffRole(session.user.role);
}

// Routes declared `access: 'widgetPage'` (a page the bot is allowed on) or `'widgetSession'` (and
// a visitor session issued to that page). The order is the contract (DESIGN.md §7): bot exists →
// enabled → origin allowed → visitor session → rate limits. Runs before body validation so a
// refused caller learns nothing else.
export function enforceWidgetAccess(app: FastifyInstance, options: WidgetAccessOptions) {
  const { auth, bots, widget, plans } = options;
  const tokens = new WidgetTokens(options.secret);
  const limits = { ...defaultWidgetLimits, ...options.limits };
  app.decorateRequest('widget', null);

  async function throttle(key: string, max: number) {
    const { allowed, retryAfterSeconds } = await widget.throttle(key, max, 60);
    if (!allowed) {
      throw new AppError(
        'rate_limited',
        'Too many messages at once. Please wait a moment and try again.',
        undefined,
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
  }

  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access !== 'widgetPage' && access !== 'widgetSession') return;
    const { botId } = request.params as { botId: string };
    // Refusals are readable by the page so the widget can say calmly that chat is unavailable;
    // they reveal nothing about the bot. Data only ever reaches origins that pass every check.
    const own = ownOrigins(request, options.publicUrl);
    const origin = requestOrigin(request, own);
    if (origin) allowWidgetCors(reply, origin);
    const bot = await bots.findById(botId);
    if (!bot) throw new AppError('not_found', 'This chat is not available.');
    if (!servesVisitors(bot)) {
      throw new AppError('bot_disabled', 'This chat is not available right now.');
    }
    // A chatbot paused by its owner's plan is refused the same way; the owner was told why.
    const plan = await plans.requireBotAnswering(bot).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'bot_disabled') {
        throw new AppError('bot_disabled', 'This chat is not available right now.');
      }
      throw error;
    });

    const ownPage = origin !== null && own.has(origin);
    const preview = ownPage && (await mayPreviewBot(auth, request, bot));
    if (!origin || (!preview && !originMatches(origin, bot.allowedDomains))) {
      // Our own origin is never offered to the owner as a site to allow.
      if (origin && !ownPage) {
        await widget.recordRefusedOrigin(bot.id, origin, limits.newRefusedOriginsPerHour);
      }
      throw new AppError('origin_not_allowed', 'Chat is not available on this site.');
    }

    let visitorId: string | null = null;
    if (access === 'widgetSession') {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const claims = token ? tokens.verify(token) : null;
      if (!claims || claims.botId !== bot.id || claims.origin !== origin) {
        throw new AppError(
          'widget_session_invalid',
          'Your chat session has expired. Please reload the page.',
        );
      }
      visitorId = claims.visitorId;
    }

    if (request.routeOptions.config.widgetLimit === 'messages' && visitorId) {
      await throttle(`widget:visitor-messages:${bot.id}:${visitorId}`, limits.visitorMessages);
      await throttle(`widget:bot-messages:${bot.id}`, limits.botMessages);
    } else if (visitorId) {
      await throttle(`widget:visitor:${bot.id}:${visitorId}`, limits.visitorRequests);
    } else {
      await throttle(`widget:address:${bot.id}:${request.ip}`, limits.addressRequests);
    }
    request.widget = { bot, origin, preview, visitorId, plan };
  });
}
