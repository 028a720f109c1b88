import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import { JobQueue } from './lib/job-queue';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAuth, type Auth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { botsRoutes } from './modules/bots/bots.routes';
import { ApiKeyCache } from './modules/api-keys/api-key-cache';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { chatApiRoutes } from './modules/chat/chat-api.routes';
import { ChatService } from './modules/chat/chat.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { SettingsService } from './modules/settings/settings.service';
import { createSecretBox, type SecretBox } from './lib/secrets';
import { contactRoutes } from './modules/contact/contact.routes';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { KnowledgeService } from './modules/knowledge/knowledge.service';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { LeadsService } from './modules/leads/leads.service';
import { WebhookOutbox } from './modules/leads/webhook-outbox';
import { webhooksRoutes } from './modules/leads/webhooks.routes';
import { WebhookService } from './modules/leads/webhooks.service';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { healthRoutes } from './modules/health/health.routes';
import { widgetRoutes, type WidgetLimits } from './modules/widget/widget.routes';
import { enforceAccess, requireDeclaredAccess } from './plugins/access';
import { registerErrorHandler } from './plugins/errors';
import { registerRateLimit } from './plugins/rate-limit';
import { registerRealtime } from './plugins/realtime';
import {
  defaultWebDistDir,
  defaultWidgetDistDir,
  registerStaticFiles,
} from './plugins/static-files';

export type AppOptions = {
  env: Env;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  authSecret: string;
  mailer?: Mailer;
  webDistDir?: string;
  widgetDistDir?: string;
  // Background jobs run in this process unless a separate worker process takes them.
  runWorkers?: boolean;
  // Tests lower the widget's per-minute limits to reach them quickly.
  widgetLimits?: Partial<WidgetLimits>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyInstance {
    auth: Auth;
    // Widget and chat routes store the contact details visitors leave through it.
    leads: LeadsService;
    secrets: SecretBox;
    chat: ChatService;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database, logger } = options;
  const { db } = database;
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db, logger });
  const auth = createAuth({ env, db, mailer, secret: options.authSecret, logger });
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  requireDeclaredAccess(app);
  app.decorate('auth', auth);
  enforceAccess(app, { auth, db, publicUrl: env.PUBLIC_URL });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and charting libraries set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Local installs are served over plain http; upgrading would break them.
        upgradeInsecureRequests: null,
      },
    },
  });
  await registerRateLimit(app, env.REDIS_URL);

  await app.register(healthRoutes, { db });
  await app.register(contactRoutes, { db });
  await app.register(authRoutes, { auth, db, env });
  await app.register(adminRoutes, { db });

  const realtime = await registerRealtime(app, {
    auth,
    redisUrl: env.REDIS_URL,
    publicUrl: env.PUBLIC_URL,
    pool: database.pool,
  });
  const queue = new JobQueue(database.pool, logger);
  const knowledge = new KnowledgeService({
    db,
    pool: database.pool,
    queue,
    realtime,
    logger,
    dataDir: env.DATA_DIR,
    concurrency: env.INGEST_CONCURRENCY,
    allowPrivateNetwork: env.CRAWL_PRIVATE_NETWORKS,
    // Settings are created further down; this runs only once the app serves or ingests.
    providerSettings: (userId) => settings.providerSettings(userId),
    embeddingModel: env.EMBEDDING_MODEL,
  });
  if (options.runWorkers ?? true) await knowledge.start();
  app.addHook('onClose', async () => {
    knowledge.stop();
    await queue.stop();
  });
  const webhookOutbox = new WebhookOutbox(db, queue);
  const leads = new LeadsService({
    db,
    webhooks: webhookOutbox,
    realtime,
    logger,
  });
  app.decorate('leads', leads);
  await app.register(botsRoutes, { db, knowledge });
  await app.register(knowledgeRoutes, { db, knowledge });
  await app.register(leadsRoutes, { db });
  await app.register(conversationsRoutes, { db });
  const secrets = createSecretBox({ secretsKey: env.SECRETS_KEY, authSecret: options.authSecret });
  const webhooks = new WebhookService({
    db,
    queue,
    outbox: webhookOutbox,
    secrets,
    logger,
    allowPrivateNetwork: env.CRAWL_PRIVATE_NETWORKS,
    retryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS,
  });
  if (options.runWorkers ?? true) await webhooks.start();
  await app.register(webhooksRoutes, { db, webhooks });
  const settings = new SettingsService({
    db,
    secrets,
    logger,
    connectionTimeoutMs: Math.min(env.CHAT_PROVIDER_TIMEOUT_MS, 10_000),
    allowPrivateNetwork: env.CRAWL_PRIVATE_NETWORKS,
  });
  const chat = new ChatService({
    db,
    knowledge,
    settings,
    logger,
    providerTimeoutMs: env.CHAT_PROVIDER_TIMEOUT_MS,
  });
  app.decorate('secrets', secrets);
  app.decorate('chat', chat);
  if (options.runWorkers ?? true) chat.startSweeper();
  app.addHook('onClose', async () => chat.stop());
  await app.register(settingsRoutes, { settings });
  const apiKeyCache = new ApiKeyCache(db);
  await app.register(apiKeysRoutes, { db, keys: apiKeyCache });
  await app.register(chatApiRoutes, {
    db,
    keys: apiKeyCache,
    chat,
    rateLimitPerKey: env.CHAT_RATE_LIMIT_PER_KEY,
    rateLimitPerBot: env.CHAT_RATE_LIMIT_PER_BOT,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(widgetRoutes, {
    db,
    chat,
    leads,
    secret: options.authSecret,
    publicUrl: env.PUBLIC_URL,
    limits: options.widgetLimits,
  });
  if (env.NODE_ENV !== 'production') await app.register(devMailboxRoutes, { db });

  await registerStaticFiles(app, {
    webDistDir: options.webDistDir ?? defaultWebDistDir,
    widgetDistDir: options.widgetDistDir ?? defaultWidgetDistDir,
  });

  return app;
}
