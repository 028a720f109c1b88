import {
  accountSearchLimits,
  conversationListQuerySchema,
  conversionRate,
  leadListQuerySchema,
  type AccountSearchResults,
  type DashboardActivity,
  type DashboardAlert,
  type DashboardOverview,
} from '@askwell/shared';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import type { BotsService } from '../bots/bots.service';
import type { ConversationsService } from '../conversations/conversations.service';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import type { LeadsService } from '../leads/leads.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { WebhookService } from '../leads/webhooks.service';
import type { WidgetService } from '../widget/widget.service';

const activityLimit = 10;
const alertLimit = 10;
// A refused origin older than this is history, not something to act on.
const refusedOriginAlertDays = 7;
// An edit within this long of creation is the creation itself (the editor saves in steps).
const editedAfterCreationMs = 5_000;

export type DashboardSources = {
  conversations: ConversationsService;
  analytics: AnalyticsService;
  leads: LeadsService;
  knowledge: KnowledgeService;
  bots: BotsService;
  apiKeys: ApiKeysService;
  webhooks: WebhookService;
  widget: WidgetService;
  notifications: NotificationsService;
};

function withoutPaging<T extends { page: number; pageSize: number }>({
  page: _page,
  pageSize: _pageSize,
  ...filters
}: T) {
  return filters;
}

function quoted(name: string) {
  return `“${name}”`;
}

// The customer dashboard's home page, counted from the account's rows at each request. It only
// reads: every figure comes from the service that owns its table.
export class DashboardService {
  constructor(private readonly sources: DashboardSources) {}

  async overview(userId: string, timeZone: string): Promise<DashboardOverview> {
    const { conversations, analytics, leads, widget, bots } = this.sources;
    const [activeChats, figures, successfulLeads, activeUsers, activity, alerts, hasDemoData] =
      await Promise.all([
        conversations.countOpen(userId),
        analytics.homeFigures(userId, timeZone),
        leads.count(userId),
        widget.countPresentVisitors(userId),
        this.activity(userId),
        this.alerts(userId),
        bots.hasDemo(userId),
      ]);
    return {
      hasDemoData,
      activeUsers,
      activeChats,
      totalChats: figures.totalChats,
      successfulLeads,
      conversionRate: conversionRate(successfulLeads, figures.totalChats),
      averageResponseSeconds:
        figures.averageLatencyMs === null ? null : Math.round(figures.averageLatencyMs / 100) / 10,
      answeredToday: figures.answeredToday,
      alerts,
      activity,
    };
  }

  // What the header's search box finds among the account's own records, a few of each kind.
  async search(userId: string, text: string): Promise<AccountSearchResults> {
    const { bots, knowledge, conversations, leads } = this.sources;
    const limit = accountSearchLimits.perKind;
    const page = { limit, offset: 0 };
    const [botRows, sourceRows, conversationPage, leadPage] = await Promise.all([
      bots.search(userId, text, limit),
      knowledge.searchSources(userId, text, limit),
      conversations.list(
        userId,
        withoutPaging(conversationListQuerySchema.parse({ q: text })),
        page,
      ),
      leads.list(userId, withoutPaging(leadListQuerySchema.parse({ q: text })), page),
    ]);
    return {
      bots: botRows,
      documents: sourceRows,
      conversations: conversationPage.rows.map((row) => ({
        id: row.conversation.id,
        botName: row.botName,
        preview: row.preview,
        startedAt: row.conversation.startedAt.toISOString(),
      })),
      leads: leadPage.rows.map((row) => ({
        id: row.lead.id,
        name: row.lead.name,
        email: row.lead.email,
        botName: row.botName,
      })),
    };
  }

  private async activity(userId: string): Promise<DashboardActivity[]> {
    const { leads, knowledge, bots, apiKeys } = this.sources;
    const [newLeads, outcomes, botChanges, keyChanges] = await Promise.all([
      leads.recent(userId, activityLimit),
      knowledge.recentOutcomes(userId, activityLimit),
      bots.recentChanges(userId, activityLimit),
      apiKeys.recentChanges(userId, activityLimit),
    ]);
    const entries: (Omit<DashboardActivity, 'timestamp'> & { at: Date })[] = [];
    for (const lead of newLeads) {
      entries.push({
        id: `lead:${lead.id}`,
        kind: 'lead_captured',
        message: `New lead ${lead.name} from ${quoted(lead.botName)}`,
        at: lead.createdAt,
      });
    }
    for (const source of outcomes) {
      const failed = source.status === 'failed';
      const website = source.kind === 'website';
      entries.push({
        id: `source:${source.id}:${source.status}`,
        kind: failed ? 'document_failed' : website ? 'website_synced' : 'document_processed',
        message: failed
          ? `${quoted(source.name)} could not be processed for ${quoted(source.botName)}`
          : website
            ? `Website ${source.name} synced for ${quoted(source.botName)}`
            : `${quoted(source.name)} is ready for ${quoted(source.botName)}`,
        at: source.updatedAt,
      });
    }
    for (const bot of botChanges) {
      entries.push({
        id: `bot:${bot.id}:created`,
        kind: 'bot_created',
        message: `Chatbot ${quoted(bot.name)} created`,
        at: bot.createdAt,
      });
      if (bot.updatedAt.getTime() - bot.createdAt.getTime() > editedAfterCreationMs) {
        entries.push({
          id: `bot:${bot.id}:updated`,
          kind: 'bot_updated',
          message: `Chatbot ${quoted(bot.name)} updated`,
          at: bot.updatedAt,
        });
      }
    }
    for (const key of keyChanges) {
      entries.push({
        id: `key:${key.id}:created`,
        kind: 'api_key_created',
        message: `API key ${quoted(key.name)} created`,
        at: key.createdAt,
      });
      if (key.revokedAt) {
        entries.push({
          id: `key:${key.id}:revoked`,
          kind: 'api_key_revoked',
          message: `API key ${quoted(key.name)} revoked`,
          at: key.revokedAt,
        });
      }
    }
    return entries
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, activityLimit)
      .map(({ at, ...entry }) => ({ ...entry, timestamp: at.toISOString() }));
  }

  // What needs the owner: a document that failed, a webhook that gave up, a site the widget
  // refused, a model provider that fails, and what staff announce. Each stays until its cause is
  // dealt with (retried, fixed, allowed, answering again, withdrawn).
  private async alerts(userId: string): Promise<DashboardAlert[]> {
    const { knowledge, webhooks, widget, notifications } = this.sources;
    const [failed, deliveries, refused, notices] = await Promise.all([
      knowledge.failedSources(userId, alertLimit),
      webhooks.recentFailures(userId, alertLimit),
      widget.listAccountRefusedOrigins(userId, alertLimit),
      notifications.listOpen(userId, alertLimit),
    ]);
    const alerts: (Omit<DashboardAlert, 'timestamp'> & { at: Date })[] = [];
    for (const notice of notices) {
      alerts.push({
        id: `notice:${notice.id}`,
        type: notice.severity,
        message: notice.message,
        link: notice.link,
        at: notice.updatedAt,
      });
    }
    for (const source of failed) {
      alerts.push({
        id: `source:${source.id}`,
        type: 'error',
        message: `${quoted(source.name)} failed to process for ${quoted(source.botName)}${
          source.errorMessage ? `: ${source.errorMessage}` : '.'
        }`,
        link: `/dashboard/documents?botId=${source.botId}`,
        at: source.updatedAt,
      });
    }
    for (const delivery of deliveries) {
      const reason =
        delivery.lastStatusCode !== null
          ? `the endpoint answered ${delivery.lastStatusCode}`
          : (delivery.lastError ?? 'the endpoint could not be reached');
      alerts.push({
        id: `webhook:${delivery.botId}`,
        type: 'error',
        message: `The lead webhook of ${quoted(delivery.botName)} gave up after retrying: ${reason}.`,
        link: '/dashboard/leads',
        at: delivery.createdAt,
      });
    }
    const refusedSince = Date.now() - refusedOriginAlertDays * 24 * 3600 * 1000;
    for (const origin of refused) {
      if (origin.lastSeenAt.getTime() < refusedSince) continue;
      alerts.push({
        id: `origin:${origin.botId}:${origin.origin}`,
        type: 'warning',
        message: `The widget of ${quoted(origin.botName)} was refused on ${origin.origin}, which is not in its allowed domains.`,
        link: `/dashboard/bots/${origin.botId}`,
        at: origin.lastSeenAt,
      });
    }
    return alerts
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, alertLimit)
      .map(({ at, ...alert }) => ({ ...alert, timestamp: at.toISOString() }));
  }
}
