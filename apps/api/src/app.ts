import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Resolver } from './lib/outbound-http';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { adminChatbotsRoutes } from './modules/admin/admin-chatbots.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuth, type Auth } from './modules/auth/auth';
import { AuthMail } from './modules/auth/auth-mail';
import { authRoutes } from './modules/auth/auth.routes';
import { botsRoutes } from './modules/bots/bots.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { chatApiRoutes } from './modules/chat/chat-api.routes';
import type { ChatService } from './modules/chat/chat.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import type { SecretBox } from './lib/secrets';
import { contactRoutes } from './modules/contact/contact.routes';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import type { DemoDataService } from './modules/demo/demo-data.service';
import { demoRoutes } from './modules/demo/demo.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import type { LeadsService } from './modules/leads/leads.service';
import { webhooksRoutes } from './modules/leads/webhooks.routes';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { healthRoutes } from './modules/health/health.routes';
import { widgetRoutes } from './modules/widget/widget.routes';
import { refusedOriginsRoutes } from './modules/widget/refused-origins.routes';
import { enforceAccess, requireDeclaredAccess } from './plugins/access';
import { enforceApiKeyAccess } from './plugins/api-key-access';
import { enforceWidgetAccess, type WidgetLimits } from './plugins/widget-access';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { registerRealtime } from './plugins/realtime';
import { recordRouteTable } from './plugins/route-table';
import { createServices } from './services';
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
  // Tests resolve the names of customer-supplied URLs without DNS.
  outboundResolve?: Resolver;
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
  const authMail = new AuthMail({ db, mailer, logger });
  // The services need the auth instance (realtime checks sessions), so the demo service is handed
  // over once they exist; no account can be verified before the app is ready.
  const late: { demo?: DemoDataService } = {};
  const auth = createAuth({
    env,
    db,
    mailer,
    mail: authMail,
    secret: options.authSecret,
    logger,
    onCustomerVerified: async (userId) => {
      await late.demo?.seedNewAccount(userId);
    },
  });
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  registerErrorHandler(app);
  registerInputGuard(app);
  recordRouteTable(app);
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
  const realtime = await registerRealtime(app, {
    auth,
    redisUrl: env.REDIS_URL,
    publicUrl: env.PUBLIC_URL,
    pool: database.pool,
  });
  const services = createServices({
    env,
    database,
    logger,
    authSecret: options.authSecret,
    realtime,
    outboundResolve: options.outboundResolve,
  });
  late.demo = services.demo;
  const { bots, chat, conversations, knowledge, leads, webhooks, widget } = services;
  // Before any route is registered, so every route's hooks include these.
  enforceApiKeyAccess(app, {
    db,
    keys: services.apiKeyCache,
    rateLimitPerKey: env.CHAT_RATE_LIMIT_PER_KEY,
    rateLimitPerBot: env.CHAT_RATE_LIMIT_PER_BOT,
  });
  enforceWidgetAccess(app, {
    auth,
    bots,
    widget,
    secret: options.authSecret,
    publicUrl: env.PUBLIC_URL,
    limits: options.widgetLimits,
  });

  await app.register(healthRoutes, { db });
  await app.register(contactRoutes, { contact: services.contact });
  await app.register(authRoutes, {
    auth,
    accounts: services.accounts,
    audit: services.audit,
    env,
    mail: authMail,
  });
  await app.register(adminRoutes, { admin: services.admin });
  await app.register(adminUsersRoutes, {
    adminUsers: services.adminUsers,
    auth,
    mail: authMail,
  });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(adminChatbotsRoutes, { adminChatbots: services.adminChatbots });

  if (options.runWorkers ?? true) {
    await services.startJobs();
    chat.startSweeper();
  }
  app.addHook('onClose', async () => {
    chat.stop();
    await services.stopJobs();
  });
  app.decorate('leads', leads);
  app.decorate('secrets', services.secrets);
  app.decorate('chat', chat);
  await app.register(botsRoutes, { bots, knowledge });
  await app.register(knowledgeRoutes, { bots, knowledge });
  await app.register(leadsRoutes, { leads });
  await app.register(conversationsRoutes, { conversations });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(demoRoutes, { demo: services.demo });
  await app.register(analyticsRoutes, { analytics: services.analytics });
  await app.register(webhooksRoutes, { bots, webhooks });
  await app.register(settingsRoutes, { settings: services.settings });
  await app.register(apiKeysRoutes, { apiKeys: services.apiKeys });
  await app.register(chatApiRoutes, { chat, publicUrl: env.PUBLIC_URL });
  await app.register(refusedOriginsRoutes, { bots, widget });
  await app.register(widgetRoutes, {
    bots,
    conversations,
    chat,
    leads,
    presence: widget,
    analytics: services.analytics,
    secret: options.authSecret,
    publicUrl: env.PUBLIC_URL,
  });
  if (env.NODE_ENV !== 'production') await app.register(devMailboxRoutes, { db });

  await registerStaticFiles(app, {
    webDistDir: options.webDistDir ?? defaultWebDistDir,
    widgetDistDir: options.widgetDistDir ?? defaultWidgetDistDir,
    publicUrl: env.PUBLIC_URL,
  });

  return app;
}
