import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import { JobQueue } from './lib/job-queue';
import type { Resolver } from './lib/outbound-http';
import { createSecretBox } from './lib/secrets';
import { AdminService } from './modules/admin/admin.service';
import { AdminChatbotsService } from './modules/admin/admin-chatbots.service';
import { AdminSystemService } from './modules/admin/admin-system.service';
import { RequestMetrics } from './lib/request-metrics';
import { PlatformSettingsService } from './modules/platform-settings/platform-settings.service';
import { auditLoggingOn, SiteSettingsService } from './modules/site-settings/site-settings.service';
import { brandedMailer, mailAddress } from './modules/site-settings/site-mail';
import { AdminRolesService } from './modules/admin/admin-roles.service';
import { AdminUsersService } from './modules/admin/admin-users.service';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { ApiKeyCache } from './modules/api-keys/api-key-cache';
import { ApiKeysService } from './modules/api-keys/api-keys.service';
import { BotsService } from './modules/bots/bots.service';
import { ChatService } from './modules/chat/chat.service';
import { AccountsService } from './modules/auth/accounts.service';
import { ContactService } from './modules/contact/contact.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { DemoDataService } from './modules/demo/demo-data.service';
import { ConversationsService } from './modules/conversations/conversations.service';
import { KnowledgeService } from './modules/knowledge/knowledge.service';
import { LeadsService } from './modules/leads/leads.service';
import { AuditService } from './modules/audit/audit.service';
import { NotificationsService } from './modules/notifications/notifications.service';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { PlansService } from './modules/plans/plans.service';
import { BillingService } from './modules/billing/billing.service';
import { PaymentSettingsService } from './modules/billing/payment-settings.service';
import { embedderLookup } from './modules/retrieval/embedder';
import { createRetriever } from './modules/retrieval/retriever';
import { WebhookOutbox } from './modules/leads/webhook-outbox';
import { WebhookService } from './modules/leads/webhooks.service';
import { SettingsService } from './modules/settings/settings.service';
import { WidgetService } from './modules/widget/widget.service';
import { createRealtimeRelay, type Realtime } from './plugins/realtime';

export type ServicesOptions = {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  // Encrypts stored secrets when SECRETS_KEY is unset.
  authSecret: string;
  // Socket.io in an API instance; the PostgreSQL relay in a worker of its own.
  realtime: Realtime;
  // Tests resolve the names of customer-supplied URLs without DNS.
  outboundResolve?: Resolver;
  // The app's own mailer (tests hand one in); otherwise one from SMTP_URL, as the app makes it.
  mailer?: Mailer;
};

export type Services = ReturnType<typeof createServices>;

// The one place services are built and wired, for the API (app.ts), the worker and the CLIs.
// Nothing runs until startJobs(): every service a job may call exists by then.
export function createServices({
  env,
  database,
  logger,
  authSecret,
  realtime,
  outboundResolve,
  mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db: database.db, logger }),
}: ServicesOptions) {
  const { db, pool } = database;
  const resolve = outboundResolve ? { resolve: outboundResolve } : {};
  const queue = new JobQueue(pool, logger);
  const secrets = createSecretBox({ secretsKey: env.SECRETS_KEY, authSecret });
  const settings = new SettingsService({
    db,
    secrets,
    logger,
    connectionTimeoutMs: Math.min(env.CHAT_PROVIDER_TIMEOUT_MS, 10_000),
    allowPrivateNetwork: env.CRAWL_PRIVATE_NETWORKS,
    ...resolve,
    // Called only once services are built: `plans` needs the notifications made below.
    ownProviderAllowed: (userId) => plans.ownProviderAllowed(userId),
  });
  const bots = new BotsService(db);
  // A visitor's beats land on whichever instance the load balancer picks; the PostgreSQL relay
  // reaches the owner's sockets on every instance, with or without Redis.
  const relay = createRealtimeRelay(pool, logger);
  const widget = new WidgetService(db, bots, relay);
  const platformSettings = new PlatformSettingsService(db);
  const audit = new AuditService(db, () => auditLoggingOn(platformSettings));
  const siteSettings = new SiteSettingsService({
    db,
    platformSettings,
    audit,
    mailFrom: env.MAIL_FROM,
  });
  const adminRoles = new AdminRolesService(db, audit);
  // The worker's mail carries Settings → General too (the app hands in one that already does).
  const siteMailer = brandedMailer(mailer, mailAddress(env.MAIL_FROM), () =>
    siteSettings.general(),
  );
  // Raised wherever a cause is noticed (a chat on any instance, a worker); heard on every instance.
  const notifications = new NotificationsService(db, relay, audit);
  const plans = new PlansService({
    db,
    notifications,
    mailer: siteMailer,
    logger,
    publicUrl: env.PUBLIC_URL,
  });
  // The owner's embedding provider embeds chunks at ingestion and questions at search time.
  const embedderFor = embedderLookup(
    (userId) => settings.providerSettings(userId),
    env.EMBEDDING_MODEL,
  );
  const retriever = createRetriever({ db, logger, embedderFor });
  const knowledge = new KnowledgeService({
    db,
    pool,
    queue,
    realtime,
    logger,
    dataDir: env.DATA_DIR,
    concurrency: env.INGEST_CONCURRENCY,
    allowPrivateNetwork: env.CRAWL_PRIVATE_NETWORKS,
    embedderFor,
    retriever,
  });
  const analytics = new AnalyticsService({ db, bots, knowledge });
  const conversations = new ConversationsService(db, bots, analytics);
  const webhookOutbox = new WebhookOutbox(db, queue);
  const leads = new LeadsService({ db, webhooks: webhookOutbox, realtime, logger, conversations });
  const webhooks = new WebhookService({
    db,
    bots,
    queue,
    outbox: webhookOutbox,
    secrets,
    logger,
    allowPrivateNetwork: env.CRAWL_PRIVATE_NETWORKS,
    retryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS,
    ...resolve,
  });
  const chat = new ChatService({
    db,
    conversations,
    analytics,
    knowledge,
    retriever,
    settings,
    notifications,
    logger,
    providerTimeoutMs: env.CHAT_PROVIDER_TIMEOUT_MS,
  });
  const apiKeyCache = new ApiKeyCache(db);
  const apiKeys = new ApiKeysService(db, apiKeyCache);
  const admin = new AdminService(db);
  const adminChatbots = new AdminChatbotsService({ db, bots, audit, notifications });
  // Filled by the API's request hook (app.ts); a worker or CLI has no requests to count.
  const metrics = new RequestMetrics();
  const adminSystem = new AdminSystemService({
    db,
    metrics,
    realtime,
    retriever,
    knowledge,
    audit,
    dataDir: env.DATA_DIR,
  });
  const contact = new ContactService(db);
  const accounts = new AccountsService(db);
  const demo = new DemoDataService({
    db,
    enabled: env.DEMO_DATA,
    logger,
    accounts,
    bots,
    conversations,
    leads,
    analytics,
  });
  const adminUsers = new AdminUsersService({ db, audit, demo });
  const paymentSettings = new PaymentSettingsService({ db, secrets, audit, platformSettings });
  // Subscription state from the providers' verified webhooks; tiers through adminUsers' path.
  const billing = new BillingService({
    db,
    paymentSettings,
    adminUsers,
    audit,
    notifications,
    mailer: siteMailer,
    logger,
    stripeApiBase: env.STRIPE_API_BASE,
    razorpayApiBase: env.RAZORPAY_API_BASE,
    graceDays: env.BILLING_GRACE_DAYS,
  });
  const dashboard = new DashboardService({
    conversations,
    analytics,
    leads,
    knowledge,
    bots,
    apiKeys,
    webhooks,
    widget,
    notifications,
  });

  return {
    secrets,
    settings,
    bots,
    conversations,
    widget,
    knowledge,
    retriever,
    leads,
    webhooks,
    chat,
    apiKeyCache,
    apiKeys,
    admin,
    adminChatbots,
    adminSystem,
    metrics,
    adminUsers,
    audit,
    contact,
    platformSettings,
    siteSettings,
    adminRoles,
    accounts,
    dashboard,
    demo,
    analytics,
    notifications,
    plans,
    paymentSettings,
    billing,
    // Ingestion (with its sweeper and scheduled re-syncs) and webhook deliveries.
    async startJobs() {
      await knowledge.start();
      await webhooks.start();
      plans.start();
      await billing.start();
    },
    // Running jobs finish first (pg-boss waits for them), so nothing is left half done.
    async stopJobs() {
      knowledge.stop();
      plans.stop();
      billing.stop();
      await queue.stop();
    },
  };
}
