import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  uniqueIndex,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  AuditAction,
  AuditDetails,
  BotGoal,
  BotTone,
  ChatSource,
  ConversationFeedback,
  DocumentKind,
  ExtractionFailureCode,
  LeadStatus,
  ProcessingStage,
  Role,
  SourceKind,
  SourceStatus,
  SubscriptionTier,
  SyncSchedule,
  SystemNotificationSeverity,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebsitePage,
  TicketStatus,
} from '@askwell/shared';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

// Accounts, sessions and codes, in the shape better-auth's drizzle adapter expects (plural names).
// The spec's "profile" fields live on the user row: first_name, last_name, role, subscription_tier;
// is_admin is derived from the role, so the two can never disagree.
// What the back office's user search matches, in one expression its trigram index covers.
export const usersSearchText = sql`(email || ' ' || first_name || ' ' || last_name)`;

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('user'),
    subscriptionTier: text('subscription_tier').notNull().default('free'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    // Set once, when it was decided whether the account gets demo data (written for a new account;
    // skipped for one that had chatbots or predates demos); clearing the demo never resets it, so a
    // demo never comes back.
    demoSeededAt: timestamp('demo_seeded_at', { withTimezone: true }),
    // Staff suspended the account: its sessions are revoked and it cannot sign in until lifted.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    // better-auth's two-factor plugin: set once the person has confirmed a TOTP code.
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    // The smallest "days left" trial reminder already sent (3, then 1), so each goes out once.
    trialReminderDays: integer('trial_reminder_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The back office lists accounts newest first, a page at a time,
    index('users_created_idx').on(table.createdAt, table.id),
    // and finds them by any part of the e-mail or name (admin-users.repository.ts searches this
    // very expression, so a rare term reads a few rows instead of every account).
    index('users_search_trgm_idx').using('gin', sql`${usersSearchText} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

// Permissions per role are data (spec §3 admin_roles): the map of permission name to granted.
export const adminRoles = pgTable('admin_roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Fixed-window counters shared by every instance, for limits keyed by account rather than by IP.
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

// Mail that could not go to SMTP because none is configured: kept so a local install can still
// read its codes (at /dev/mailbox outside production, and in the server log).
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_emails_created_at_idx').on(table.createdAt)],
);

// A customer's chatbot. Settings the editor saves as a whole are columns; the widget's look is one
// JSON object because it is always read and written together and shipped as-is to the widget.
export const chatbots = pgTable(
  'chatbots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tone: text('tone').$type<BotTone>().notNull().default('professional'),
    goal: text('goal').$type<BotGoal>().notNull().default('lead_generation'),
    instructions: text('instructions').notNull().default(''),
    starterQuestions: jsonb('starter_questions').$type<string[]>().notNull().default([]),
    fallbackMessage: text('fallback_message').notNull().default(''),
    widgetConfig: jsonb('widget_config').$type<Record<string, string>>().notNull(),
    // A disabled bot answers nowhere; the public endpoints refuse it before anything else.
    enabled: boolean('enabled').notNull().default(true),
    // Overrides the owner's default model for this bot; null uses the default.
    model: text('model'),
    // Origins the widget may run on ('example.com', '*.example.com'); empty means preview only.
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
    // Null follows the goal (on for lead generation); the form also opens after this many
    // visitor messages when set.
    leadCapture: boolean('lead_capture'),
    leadAfterMessages: integer('lead_after_messages'),
    // The owner asked to hide 'Powered by Askwell'; honoured only while the plan allows branding
    // removal, so a lapsed Premium account shows it again without losing the choice.
    hideBranding: boolean('hide_branding').notNull().default(false),
    webhookUrl: text('webhook_url'),
    // The last page origin the widget refused, so the owner sees why the chat is missing there.
    lastRefusedOrigin: text('last_refused_origin'),
    lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }),
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    // The sample bot a new account starts with (conversations, leads and analytics of 30 days).
    // Its rows never reach the widget, the public API, webhooks or usage, and 'Clear Demo Data'
    // deletes it with everything hanging off it.
    isDemo: boolean('is_demo').notNull().default(false),
    // Staff disabled the bot for breaking the terms. Unlike `enabled` the owner cannot turn it back
    // on; its widget and API refuse it as a disabled bot until staff enable it.
    staffDisabledAt: timestamp('staff_disabled_at', { withTimezone: true }),
    staffDisabledReason: text('staff_disabled_reason'),
    // Bumped whenever the bot's chunks change, so cached in-memory indexes know they are stale.
    indexVersion: integer('index_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chatbots_user_id_idx').on(table.userId, table.createdAt),
    // The back office lists every bot on the platform newest first, a page at a time.
    index('chatbots_created_idx').on(table.createdAt, table.id),
  ],
);

// Page origins the widget refused for a bot, shown to its owner with an Allow button. One row per
// origin, at most a few per bot (the widget module caps and rate limits them), so a stranger
// cannot flood the list with look-alike sites; the counts and dates let the owner judge them.
export const widgetRefusedOrigins = pgTable(
  'widget_refused_origins',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    refusals: integer('refusals').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.botId, table.origin] })],
);

// Visitors whose page holds a bot's widget: the widget beats every 30 s, so a row seen within the
// last 40 s is a visitor on the site now. One row per visitor per bot, rewritten by each beat; kept
// in PostgreSQL so every API instance counts the same visitors, with or without Redis.
export const widgetPresence = pgTable(
  'widget_presence',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.visitorId] }),
    index('widget_presence_user_seen_idx').on(table.userId, table.lastSeenAt),
  ],
);

// A document, website or set of Q&A pairs that a bot learns from.
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SourceKind>().notNull(),
    name: text('name').notNull(),
    status: text('status').$type<SourceStatus>().notNull().default('pending'),
    stage: text('stage').$type<ProcessingStage>().notNull().default('uploaded'),
    progress: integer('progress').notNull().default(0),
    // Reading attempts since the source was last queued by a person, counted before each read, so
    // an attempt that took its process down counts too; past the limit the source fails.
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code').$type<ExtractionFailureCode>(),
    errorMessage: text('error_message'),
    documentType: text('document_type').$type<DocumentKind>(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    // Where an original uploaded before originals moved into the database (migration 0021) still
    // is; moved into knowledge_source_files, and cleared, when the server starts.
    storagePath: text('storage_path'),
    contentHash: text('content_hash'),
    // Hash of what was last indexed; training re-indexes only sources whose content changed.
    indexedHash: text('indexed_hash'),
    url: text('url'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    syncSchedule: text('sync_schedule').$type<SyncSchedule>(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    pageCount: integer('page_count').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('knowledge_sources_bot_idx').on(table.botId),
    index('knowledge_sources_user_idx').on(table.userId, table.createdAt),
    index('knowledge_sources_next_sync_idx').on(table.nextSyncAt),
    // The back office's Training Jobs list: every source on the platform, newest change first,
    // all of them or one status at a time.
    index('knowledge_sources_updated_idx').on(table.updatedAt, table.id),
    index('knowledge_sources_status_updated_idx').on(table.status, table.updatedAt, table.id),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

// A document's original, as uploaded (at most 10 MB): kept in the same transaction as its source,
// so an upload is all there or not at all, every instance and worker reads it without shared
// storage, and an archive's hundreds of documents are one statement instead of hundreds of files.
export const knowledgeSourceFiles = pgTable('knowledge_source_files', {
  sourceId: uuid('source_id')
    .primaryKey()
    .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

export const websitePages = pgTable(
  'website_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title'),
    status: text('status').$type<WebsitePage['status']>().notNull(),
    detail: text('detail'),
    contentHash: text('content_hash'),
    chunkCount: integer('chunk_count').notNull().default(0),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('website_pages_source_url_idx').on(table.sourceId, table.url)],
);

// Searchable passages. A bot's in-memory lexical index is built from their text (the terms once
// stored beside it were dropped in migration 0020: a tokenizer change must never leave passages
// and questions tokenised differently).
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    pageId: uuid('page_id').references(() => websitePages.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    heading: text('heading'),
    text: text('text').notNull(),
    pageNumber: integer('page_number'),
    url: text('url'),
    tokenCount: integer('token_count').notNull(),
    // Q&A pairs: the question this chunk answers exactly.
    question: text('question'),
    weight: real('weight').notNull().default(1),
    // Dense retrieval: the chunk's vector and the model that made it (vectors of different
    // models are not comparable). Null when no embedding provider was configured or it failed.
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
  },
  (table) => [
    index('knowledge_chunks_bot_idx').on(table.botId),
    index('knowledge_chunks_source_idx').on(table.sourceId),
  ],
);

// A customer's model settings (spec §3 Settings). Provider secrets are stored only as AES-256-GCM
// ciphertext (lib/secrets) and are never sent back in full.
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  openaiKeyEncrypted: text('openai_key_encrypted'),
  googleKeyEncrypted: text('google_key_encrypted'),
  anthropicKeyEncrypted: text('anthropic_key_encrypted'),
  customEndpoint: text('custom_endpoint'),
  customApiKeyEncrypted: text('custom_api_key_encrypted'),
  defaultModel: text('default_model').notNull().default('gpt-4-turbo'),
  useCustomEndpoint: boolean('use_custom_endpoint').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Askwell API keys for the public chat API: only a hash is kept; the key is shown once.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_idx').on(table.keyHash),
    index('api_keys_user_idx').on(table.userId, table.createdAt),
  ],
);

// One visitor's conversation with one bot. `userId` is the bot owner's, so every tenant query is
// a plain filter; `sessionId` is what the API client or widget sends to continue it.
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    visitorId: text('visitor_id'),
    channel: text('channel').notNull(),
    pageUrl: text('page_url'),
    language: text('language'),
    messageCount: integer('message_count').notNull().default(0),
    answeredFromKnowledge: boolean('answered_from_knowledge').notNull().default(false),
    totalLatencyMs: integer('total_latency_ms').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversations_bot_session_idx').on(table.botId, table.sessionId),
    index('conversations_user_idx').on(table.userId, table.startedAt),
    index('conversations_visitor_idx').on(table.botId, table.visitorId),
    // Finds conversations gone quiet, to mark them ended. Keyed on started_at, which never
    // changes, so recording each message stays a HOT update.
    index('conversations_open_started_idx')
      .on(table.startedAt)
      .where(sql`${table.endedAt} is null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<ChatSource[]>().notNull().default([]),
    // Which answerer wrote it: 'builtin' or 'provider:model'; null for visitor messages.
    answerer: text('answerer'),
    answeredFromKnowledge: boolean('answered_from_knowledge'),
    // 'complete', or 'interrupted' when the stream was cut short and only part was stored.
    status: text('status').$type<'complete' | 'interrupted'>().notNull().default('complete'),
    latencyMs: integer('latency_ms'),
    firstTokenMs: integer('first_token_ms'),
    feedback: text('feedback').$type<ConversationFeedback>(),
    feedbackComment: text('feedback_comment'),
    // What the provider reported for this answer; null for answers no model wrote.
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.createdAt),
    // The analytics page lists the latest rated answers; few answers are rated.
    index('messages_rated_idx')
      .on(table.createdAt)
      .where(sql`${table.feedback} is not null`),
  ],
);

// Contact details a visitor left; one row per e-mail (stored lower-cased) per bot.
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    consent: boolean('consent').notNull(),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('leads_bot_email_idx').on(table.botId, table.email),
    index('leads_user_idx').on(table.userId, table.createdAt),
  ],
);

// The spec's analytics table: a bot's figures per hour (UTC), kept current by triggers on
// conversations, messages and leads (migration 0014) and by the widget's funnel events, so the
// analytics page reads a few thousand rows instead of every message. Hours, not days, because
// owners live in every time zone and the busiest-hours heatmap needs them; `date` is the UTC day.
export const analytics = pgTable(
  'analytics',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    date: date('date')
      .notNull()
      .generatedAlwaysAs(sql`((hour at time zone 'UTC')::date)`),
    totalConversations: integer('total_conversations').notNull().default(0),
    // Conversations started in the widget on a customer's site (the funnel's 'first message').
    widgetConversations: integer('widget_conversations').notNull().default(0),
    totalMessages: integer('total_messages').notNull().default(0),
    totalLeadsCaptured: integer('total_leads_captured').notNull().default(0),
    averageConversationLength: real('average_conversation_length').generatedAlwaysAs(
      sql`(case when total_conversations > 0 then total_messages::real / total_conversations end)`,
    ),
    answered: integer('answered').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
    responses: integer('responses').notNull().default(0),
    responseMsTotal: bigint('response_ms_total', { mode: 'number' }).notNull().default(0),
    thumbsUp: integer('thumbs_up').notNull().default(0),
    thumbsDown: integer('thumbs_down').notNull().default(0),
    widgetLoads: integer('widget_loads').notNull().default(0),
    widgetOpens: integer('widget_opens').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.hour] }),
    index('analytics_user_hour_idx').on(table.userId, table.hour),
  ],
);

// Per-day breakdowns of a bot's figures by one dimension: 'language' and 'page' (conversations,
// loads, leads), 'source' (answers citing it) and 'answerer' (answers and tokens per model).
export const analyticsBreakdowns = pgTable(
  'analytics_breakdowns',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    dimension: text('dimension').$type<'language' | 'page' | 'source' | 'answerer'>().notNull(),
    value: text('value').notNull(),
    total: integer('total').notNull().default(0),
    loads: integer('loads').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.date, table.dimension, table.value] }),
    index('analytics_breakdowns_user_idx').on(table.userId, table.dimension, table.date),
  ],
);

// Visitors' questions per bot and day, grouped by their meaningful words (the retrieval
// tokenizer's stems without stop words), so "What are your prices?" and "your price" count as one.
export const analyticsQuestions = pgTable(
  'analytics_questions',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    questionKey: text('question_key').notNull(),
    question: text('question').notNull(),
    asked: integer('asked').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
    lastUnansweredAt: timestamp('last_unanswered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.date, table.questionKey] }),
    index('analytics_questions_user_idx').on(table.userId, table.date),
  ],
);

// An unanswered question the owner answered from the analytics page; it leaves the unanswered
// list until a visitor asks it again and still gets no answer.
export const analyticsAnsweredQuestions = pgTable(
  'analytics_answered_questions',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    questionKey: text('question_key').notNull(),
    sourceId: uuid('source_id').references(() => knowledgeSources.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.botId, table.questionKey] })],
);

// Each attempt to tell a bot's webhook about a new lead; retried with back-off until delivered.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_deliveries_bot_idx').on(table.botId, table.createdAt)],
);

// The spec's system_notifications: what the dashboard's System Alerts and the header's bell show
// beside the alerts derived from other rows. An account's own (user_id set: a provider that fails,
// …) are keyed by their cause, so a cause that repeats updates one row instead of piling up, and
// resolving the cause resolves the row. Staff notices (user_id null) reach every account until
// staff withdraw them.
export const systemNotifications = pgTable(
  'system_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    key: text('key'),
    severity: text('severity').$type<SystemNotificationSeverity>().notNull(),
    message: text('message').notNull(),
    link: text('link'),
    // A staff notice for one subscription tier only; null reaches every customer.
    audienceTier: text('audience_tier').$type<SubscriptionTier>(),
    occurrences: integer('occurrences').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('system_notifications_user_key_idx').on(table.userId, table.key),
    index('system_notifications_open_idx')
      .on(table.userId, table.updatedAt)
      .where(sql`resolved_at is null`),
  ],
);

// The spec's admin_logs: every staff action, append-only (a trigger refuses UPDATE, DELETE and
// TRUNCATE). The acting staff member is kept by id and e-mail without a foreign key, so the record
// outlives the account; the target is the user, chatbot, ticket … the action was about.
export const adminLogs = pgTable(
  'admin_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: text('admin_id'),
    adminEmail: text('admin_email').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ipAddress: text('ip_address'),
    details: jsonb('details').$type<AuditDetails>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_logs_created_idx').on(table.createdAt, table.id),
    index('admin_logs_admin_idx').on(table.adminId, table.createdAt),
    index('admin_logs_action_idx').on(table.action, table.createdAt),
    index('admin_logs_target_idx').on(table.targetId, table.createdAt),
  ],
);

// better-auth's two-factor plugin (usePlural): the TOTP secret and backup codes, both encrypted by
// better-auth with the auth secret before they are written.
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    index('two_factors_user_idx').on(table.userId),
    index('two_factors_secret_idx').on(table.secret),
  ],
);

// The back office's System Configuration, one row per section ('general', 'security', 'payment').
// Secrets inside `value` are AES-256-GCM ciphertext (lib/secrets), never plain text.
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// A customer's support ticket; `number` is what both sides quote ("#42").
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity().notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    botId: uuid('bot_id').references(() => chatbots.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    // When staff first answered: the back office's average response time is measured to it.
    firstStaffReplyAt: timestamp('first_staff_reply_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_tickets_status_idx').on(table.status, table.lastMessageAt),
    index('support_tickets_user_idx').on(table.userId, table.createdAt),
    index('support_tickets_assignee_idx').on(table.assignedTo, table.status),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt)],
);

// A paid (or staff-granted) Premium subscription. Its state changes only from verified provider
// webhooks (or a staff grant); `lastEventAt` is the provider's time of the newest event applied, so
// an older event delivered late never overwrites a newer state.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    // A renewal failed: Premium stays until then, and the account becomes Free after it.
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_sub_idx').on(table.provider, table.providerSubscriptionId),
    index('subscriptions_user_idx').on(table.userId, table.createdAt),
  ],
);

// Each provider event id once: a replayed webhook is acknowledged and not applied again.
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

// Messages an account used in one calendar month (UTC), counted with a conditional UPDATE so that
// concurrent messages at the limit never overshoot; `alertedPercent` is the highest usage alert
// (50, 80, 100) already raised this month.
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    messages: integer('messages').notNull().default(0),
    alertedPercent: integer('alerted_percent').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.periodStart] })],
);
