import { chatMessageMaxLength } from '@askwell/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { ApiKeyCache } from '../modules/api-keys/api-key-cache';
import { hashApiKey } from '../modules/api-keys/api-key-secret';
import { touchApiKey } from '../modules/api-keys/api-keys.repository';
import { findBotById, type BotRow } from '../modules/bots/bots.repository';
import { servesVisitors } from '../modules/bots/bots.service';
import {
  effectivePlanOf,
  requirePlanFeature,
  type PlansService,
} from '../modules/plans/plans.service';

// The customer's server calling the public API: whose key it is and which of their bots it asks.
export type ApiKeyCaller = { accountId: string; keyId: string; bot: BotRow };

// Which chatbot an API-key route's validated body names, and the question it asks (null when the
// request carries none to measure).
export type ApiKeyChatbot = (body: unknown) => { botId: string; message: string | null };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyContextConfig {
    apiKeyChatbot?: ApiKeyChatbot;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyRequest {
    apiKeyCaller: ApiKeyCaller | null;
  }
}

export type ApiKeyAccessOptions = {
  db: Database;
  keys: ApiKeyCache;
  plans: PlansService;
  rateLimitPerKey: number;
  rateLimitPerBot: number;
};

// Routes declared `access: 'apiKey'`. The order is the contract the API documents: the key before
// the body is read (401 unknown, 403 revoked); after validation the message size (413), the bot
// (404, 403 not the key owner's or disabled), then the per-key and per-bot limits (429).
export function enforceApiKeyAccess(app: FastifyInstance, options: ApiKeyAccessOptions) {
  const { db, keys, plans } = options;
  const authenticated = new WeakMap<FastifyRequest, { accountId: string; keyId: string }>();
  app.decorateRequest('apiKeyCaller', null);

  const keyLimit = app.createRateLimit({
    max: options.rateLimitPerKey,
    timeWindow: 60_000,
    keyGenerator: (request) => `chat-key:${authenticated.get(request)?.keyId}`,
  });
  const botLimit = app.createRateLimit({
    max: options.rateLimitPerBot,
    timeWindow: 60_000,
    keyGenerator: (request) => `chat-bot:${request.apiKeyCaller?.bot.id}`,
  });

  // preParsing: after the route's own onRequest hooks (CORS headers reach refusals too), before
  // the body is read.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.routeOptions.config.access !== 'apiKey') return payload;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(
        'unauthorized',
        'Missing API key. Send it in the header "Authorization: Bearer <your API key>".',
      );
    }
    const keyHash = hashApiKey(match[1]!);
    const key = await keys.find(keyHash);
    if (!key) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new AppError(
        'unauthorized',
        'Unknown API key. Check the key, or create one in Settings.',
      );
    }
    if (key.revokedAt) throw new AppError('forbidden', 'This API key has been revoked.');
    authenticated.set(request, { accountId: key.userId, keyId: key.id });
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
      keys.touched(keyHash, new Date());
      touchApiKey(db, key.id).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not record API key use'),
      );
    }
    return payload;
  });

  app.addHook('preHandler', async (request) => {
    const { access, apiKeyChatbot } = request.routeOptions.config;
    if (access !== 'apiKey') return;
    const caller = authenticated.get(request)!;
    if (!apiKeyChatbot) {
      throw new Error(`${request.routeOptions.url} uses an API key but names no chatbot`);
    }
    const { botId, message } = apiKeyChatbot(request.body);
    if (message !== null && message.length > chatMessageMaxLength) {
      throw new AppError(
        'payload_too_large',
        `The message is too long: at most ${chatMessageMaxLength.toLocaleString('en')} characters.`,
        { message: `At most ${chatMessageMaxLength.toLocaleString('en')} characters.` },
      );
    }
    const bot = await findBotById(db, botId);
    if (!bot) throw new AppError('not_found', 'No chatbot with this id.');
    if (bot.userId !== caller.accountId) {
      throw new AppError('forbidden', 'This API key cannot use this chatbot.');
    }
    if (!servesVisitors(bot)) throw new AppError('forbidden', 'This chatbot is disabled.');
    // Only plans with API access reach here, and those never pause a chatbot. The caller owns
    // the bot, so the plan comes from the owner's row read with it.
    const plan = requirePlanFeature(effectivePlanOf(bot.owner), 'apiAccess');
    request.apiKeyCaller = { ...caller, bot };
    for (const limit of [keyLimit, botLimit]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        throw new AppError(
          'rate_limited',
          `Too many requests. Please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`,
          undefined,
          { 'retry-after': String(seconds) },
        );
      }
    }
    // Last, so a refused or throttled request never uses up the month's allowance.
    await plans.consumeMessage(caller.accountId, plan);
  });
}
