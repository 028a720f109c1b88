import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Resolver } from './lib/outbound-http';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { adminChatbotsRoutes } from './modules/admin/admin-chatbots.routes';
import { adminSystemRoutes } from './modules/admin/admin-system.routes';
import { recordRequests } from './lib/request-metrics';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { TicketsService } from './modules/tickets/tickets.service';
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
import { brandedMailer, mailAddress } from './modules/site-settings/site-mail';
import { siteSettingsRoutes } from './modules/site-settings/site-settings.routes';
import type { SiteSettingsService } from './modules/site-settings/site-settings.service';
import { adminRolesRoutes } from './modules/admin/admin-roles.routes';
import { healthRoutes } from './modules/health/health.routes';
import { widgetRoutes } from './modules/widget/widget.routes';
import { refusedOriginsRoutes } from './modules/widget/refused-origins.routes';
import { ViewAsTokens } from './modules/admin/view-as-tokens';
import { enforceAccess, requireDeclaredAccess } from './plugins/access';
import { enforceApiKeyAccess } from './plugins/api-key-access';
import { enforceWidgetAccess, type WidgetLimits } from './plugins/widget-access';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { registerRealtime } from './plugins/realtime';
import { recordRouteTable } from './plugins/route-table';
import { plansRoutes } from './modules/plans/plans.routes';
import type { PlansService } from './modules/plans/plans.service';
import { adminBillingRoutes } from './modules/billing/admin-billing.routes';
import { billingRoutes, billingWebhookRoutes } from './modules/billing/billing.routes';
import type { BillingService } from './modules/billing/billing.service';
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
    // Tests end lapsed Premium at a chosen moment, as the billing sweep does on its own.
    billing: BillingService;
    // Tests run the trial sweep at a chosen moment rather than on its timer.
    plans: PlansService;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database, logger } = options;
  const { db } = database;
  // Mail carries Settings → General's site name and admin e-mail (read when each mail is sent).
  const mailer = brandedMailer(
    options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db, logger }),
    mailAddress(env.MAIL_FROM),
    async () => (late.siteSettings ? late.siteSettings.general() : null),
  );
  const authMail = new AuthMail({ db, mailer, logger });
  // The services need the auth instance (realtime checks sessions), so the demo service is handed
  // over once they exist; no account can be verified before the app is ready.
  const late: { demo?: DemoDataService; siteSettings?: SiteSettingsService } = {};
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
  const viewAs = new ViewAsTokens(options.authSecret);
  const twoFactorSetupPending = async (
    user: { role?: string | null; twoFactorEnabled?: boolean | null },
    session: { createdAt: Date },
  ) => (await late.siteSettings?.twoFactorSetupPending(user, session)) ?? false;
  enforceAccess(app, {
    auth,
    db,
    publicUrl: env.PUBLIC_URL,
    twoFactorSetupPending,
    viewAs,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Razorpay's subscription checkout runs only from its own script, in its own frame.
        scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
        frameSrc: ["'self'", 'https://api.razorpay.com'],
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
    twoFactorSetupPending,
  });
  const services = createServices({
    env,
    database,
    logger,
    authSecret: options.authSecret,
    realtime,
    outboundResolve: options.outboundResolve,
    mailer,
  });
  late.demo = services.demo;
  recordRequests(app, services.metrics);
  late.siteSettings = services.siteSettings;
  const { bots, chat, conversations, knowledge, leads, webhooks, widget } = services;
  // Before any route is registered, so every route's hooks include these.
  enforceApiKeyAccess(app, {
    db,
    keys: services.apiKeyCache,
    plans: services.plans,
    rateLimitPerKey: env.CHAT_RATE_LIMIT_PER_KEY,
    rateLimitPerBot: env.CHAT_RATE_LIMIT_PER_BOT,
  });
  enforceWidgetAccess(app, {
    auth,
    bots,
    widget,
    plans: services.plans,
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
    siteSettings: services.siteSettings,
  });
  await app.register(siteSettingsRoutes, { siteSettings: services.siteSettings });
  await app.register(adminRolesRoutes, { adminRoles: services.adminRoles });
  await app.register(adminRoutes, { admin: services.admin });
  await app.register(adminUsersRoutes, {
    adminUsers: services.adminUsers,
    auth,
    mail: authMail,
    viewAs,
  });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(adminChatbotsRoutes, { adminChatbots: services.adminChatbots });
  await app.register(adminSystemRoutes, { adminSystem: services.adminSystem });
  // Built here rather than in createServices: only API requests act on tickets, and their mail goes
  // through this app's mailer.
  const tickets = new TicketsService({
    db,
    audit: services.audit,
    realtime,
    mailer,
    logger,
    publicUrl: env.PUBLIC_URL,
  });
  app.addHook('onClose', () => tickets.idle());
  await app.register(ticketsRoutes, { tickets });

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
  app.decorate('plans', services.plans);
  await app.register(botsRoutes, { bots, plans: services.plans });
  await app.register(knowledgeRoutes, { bots, knowledge, plans: services.plans });
  await app.register(plansRoutes, { plans: services.plans });
  app.decorate('billing', services.billing);
  const billingOptions = { billing: services.billing, publicUrl: env.PUBLIC_URL };
  await app.register(billingRoutes, billingOptions);
  await app.register(billingWebhookRoutes, billingOptions);
  await app.register(adminBillingRoutes, {
    billing: services.billing,
    paymentSettings: services.paymentSettings,
  });
  await app.register(leadsRoutes, { leads });
  await app.register(conversationsRoutes, { conversations });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(demoRoutes, { demo: services.demo });
  await app.register(analyticsRoutes, { analytics: services.analytics });
  await app.register(webhooksRoutes, { bots, webhooks });
  await app.register(settingsRoutes, { settings: services.settings, plans: services.plans });
  await app.register(apiKeysRoutes, { apiKeys: services.apiKeys, plans: services.plans });
  await app.register(chatApiRoutes, { chat, publicUrl: env.PUBLIC_URL });
  await app.register(refusedOriginsRoutes, { bots, widget });
  await app.register(widgetRoutes, {
    bots,
    conversations,
    chat,
    plans: services.plans,
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
