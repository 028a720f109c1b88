import {
  isStaffRole,
  limitText,
  planDefinitions,
  quotaExceededMessage,
  type AccountPlan,
  type PlanLimits,
  type PlanStatus,
  type QuotaLimit,
  type SubscriptionTier,
} from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { reportUnlessStopping } from '../../db/unavailable';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../mail/mailer';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  botKnowledgeUse,
  botsByRecentUse,
  claimTrialReminders,
  claimUsageAlert,
  consumeMessage,
  findPlanOwner,
  fullestBotUse,
  latestPeriodEnd,
  messagesUsed,
  type PlanOwnerRow,
} from './plans.repository';

type PlanFields = Pick<PlanOwnerRow, 'role' | 'subscriptionTier' | 'trialEndsAt'>;
export type BotWithOwner = { id: string; userId: string; isDemo: boolean; owner: PlanFields };

export type EffectivePlan = {
  tier: SubscriptionTier;
  status: PlanStatus;
  trialEndsAt: Date | null;
  limits: PlanLimits;
  // Staff accounts are never refused.
  limited: boolean;
};

const usageAlertPercents = [100, 80, 50] as const;
const trialReminderDays = [1, 3] as const;
const sweepIntervalMs = 10 * 60_000;
const settingsLink = '/dashboard/settings#plan-billing';

export function quotaExceeded(limit: QuotaLimit, tier: SubscriptionTier) {
  return new AppError('quota_exceeded', quotaExceededMessage(limit, tier));
}

// The first day of the UTC month `at` falls in, as the date usage_counters is keyed by.
export function periodStartOf(at: Date) {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

// 'premium' when the account pays (or staff granted it: the billing module sets the tier), or
// while the trial runs; 'free' otherwise. Staff accounts are not customers and are never limited.
export function effectivePlanOf(owner: PlanFields, now = new Date()): EffectivePlan {
  const trialEndsAt = owner.trialEndsAt;
  if (isStaffRole(owner.role)) {
    return {
      tier: 'premium',
      status: 'staff',
      trialEndsAt,
      limits: planDefinitions.premium.limits,
      limited: false,
    };
  }
  const status: PlanStatus =
    owner.subscriptionTier === 'premium'
      ? 'premium'
      : trialEndsAt && trialEndsAt > now
        ? 'trial'
        : 'free';
  const tier = status === 'free' ? 'free' : 'premium';
  return { tier, status, trialEndsAt, limits: planDefinitions[tier].limits, limited: true };
}

type PlanFeature = 'apiAccess' | 'ownProviderKeys' | 'removeBranding';

export function requirePlanFeature(plan: EffectivePlan, feature: PlanFeature) {
  if (plan.limited && !plan.limits[feature]) throw quotaExceeded(feature, plan.tier);
  return plan;
}

type Options = {
  db: Database;
  notifications: NotificationsService;
  mailer: Mailer;
  logger: Logger;
  publicUrl?: string;
};

// Plans and usage limits: every path that creates usage asks here first. Counts live in
// usage_counters (messages per UTC month); everything else is counted from the rows themselves.
export class PlansService {
  private sweeper: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly options: Options) {}

  async planOf(userId: string, now = new Date()) {
    const owner = await findPlanOwner(this.options.db, userId);
    if (!owner) throw new AppError('not_found', 'Account not found.');
    return { owner, plan: effectivePlanOf(owner, now) };
  }

  async requireBotAllowance(userId: string) {
    const { plan } = await this.planOf(userId);
    if (!plan.limited) return;
    const bots = await botsByRecentUse(this.options.db, userId);
    if (bots.length >= plan.limits.chatbots) throw quotaExceeded('chatbots', plan.tier);
  }

  // `adding` is what an archive really unpacked to. With `added`, `db` is the caller's transaction
  // that has just inserted them: the count includes them and is the one they are added to.
  async requireDocumentAllowance(
    userId: string,
    botId: string,
    adding = 1,
    db: Executor = this.options.db,
    { added = false } = {},
  ) {
    const { plan } = await this.planOf(userId);
    if (!plan.limited) return;
    const use = await botKnowledgeUse(db, botId);
    const before = use.documents - (added ? adding : 0);
    const limit = plan.limits.documentsPerBot;
    if (before + adding <= limit) return;
    const message = quotaExceededMessage('documentsPerBot', plan.tier);
    if (adding === 1 || before >= limit) throw new AppError('quota_exceeded', message);
    throw new AppError(
      'quota_exceeded',
      `${message} This archive holds ${adding} documents; this chatbot can take ${limit - before} more.`,
    );
  }

  // A website is counted at its page cap: what it may hold once crawled, known before the crawl.
  async requireWebsitePagesAllowance(userId: string, botId: string, maxPages: number) {
    const { plan } = await this.planOf(userId);
    if (!plan.limited) return;
    const use = await botKnowledgeUse(this.options.db, botId);
    if (use.websitePages + maxPages > plan.limits.websitePagesPerBot) {
      const left = Math.max(0, plan.limits.websitePagesPerBot - use.websitePages);
      const message = quotaExceededMessage('websitePagesPerBot', plan.tier);
      throw new AppError(
        'quota_exceeded',
        left > 0 ? `${message} This chatbot can take ${left} more pages.` : message,
        { maxPages: left > 0 ? `At most ${left} for this chatbot.` : 'No pages left.' },
      );
    }
  }

  async requireFeature(userId: string, feature: PlanFeature) {
    const { plan } = await this.planOf(userId);
    return requirePlanFeature(plan, feature);
  }

  // Read with the owner's provider settings on every chat and embedding; an unknown account
  // (deleted meanwhile) has nothing to use.
  async ownProviderAllowed(userId: string) {
    const owner = await findPlanOwner(this.options.db, userId);
    if (!owner) return false;
    const plan = effectivePlanOf(owner);
    return !plan.limited || plan.limits.ownProviderKeys;
  }

  // Whether the bot answers visitors under its owner's plan: after a trial ends without a
  // subscription, only the most recently used chatbots up to the Free limit keep answering; the
  // others stay readable and editable, and answer again on upgrade.
  async pausedBotIds(userId: string, plan?: EffectivePlan) {
    const effective = plan ?? (await this.planOf(userId)).plan;
    if (!effective.limited) return [];
    const bots = await botsByRecentUse(this.options.db, userId);
    return bots.slice(effective.limits.chatbots).map((bot) => bot.id);
  }

  // For the widget: refuses like a switched-off bot, and the owner learns why from the alert
  // raised when the trial ended. The plan comes from the owner's row read with the bot, so a
  // paying or trial account's message costs no query here.
  async requireBotAnswering(bot: BotWithOwner) {
    const plan = effectivePlanOf(bot.owner);
    if (!plan.limited || plan.tier === 'premium' || bot.isDemo) return plan;
    const paused = await this.pausedBotIds(bot.userId, plan);
    if (paused.includes(bot.id)) {
      throw new AppError(
        'bot_disabled',
        `This chatbot is paused: the Free plan allows ${limitText('chatbots', plan.limits)}. Upgrade to Premium to restore it.`,
      );
    }
    return plan;
  }

  // Counts one message against the month's allowance, or refuses it (402) when none is left.
  async consumeMessage(userId: string, plan: EffectivePlan, now = new Date()) {
    if (!plan.limited) return;
    const periodStart = periodStartOf(now);
    const limit = plan.limits.messagesPerMonth;
    const counted = await consumeMessage(this.options.db, userId, periodStart, limit);
    if (!counted) {
      this.alertUsage(userId, periodStart, plan, 100, limit);
      throw quotaExceeded('messagesPerMonth', plan.tier);
    }
    const percent = usageAlertPercents.find(
      (threshold) => counted.messages * 100 >= threshold * limit,
    );
    if (percent && percent > counted.alertedPercent) {
      this.alertUsage(userId, periodStart, plan, percent, counted.messages);
    }
  }

  // After the answer path has moved on: an alert is never worth a visitor's wait.
  private alertUsage(
    userId: string,
    periodStart: string,
    plan: EffectivePlan,
    percent: number,
    used: number,
  ) {
    this.sendUsageAlert(userId, periodStart, plan, percent, used).catch((error: unknown) =>
      this.options.logger.error({ err: error, userId }, 'usage alert failed'),
    );
  }

  private async sendUsageAlert(
    userId: string,
    periodStart: string,
    plan: EffectivePlan,
    percent: number,
    used: number,
  ) {
    const { db, notifications, mailer } = this.options;
    if (!(await claimUsageAlert(db, userId, periodStart, percent))) return;
    const owner = await findPlanOwner(db, userId);
    if (!owner) return;
    const limit = plan.limits.messagesPerMonth;
    const message =
      percent >= 100
        ? `You have used all ${limit.toLocaleString('en')} messages of your ${planDefinitions[plan.tier].name} plan this month: your chatbots tell visitors they are unavailable until next month (UTC).${plan.tier === 'free' ? ' Upgrade to Premium to keep answering.' : ''}`
        : `You have used ${percent}% of this month’s messages (${used.toLocaleString('en')} of ${limit.toLocaleString('en')}).`;
    await notifications.raise(userId, `usage-messages-${periodStart}-${percent}`, {
      severity: percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'info',
      message,
      link: settingsLink,
    });
    await mailer.send({
      to: owner.email,
      subject:
        percent >= 100
          ? "Your Askwell chatbots reached this month's message limit"
          : `You have used ${percent}% of this month's Askwell messages`,
      text: `${greeting(owner)}\n\n${message}\n\nSee your usage: ${this.link(settingsLink)}\n`,
    });
  }

  async accountPlan(userId: string, now = new Date()): Promise<AccountPlan> {
    const { db } = this.options;
    const { plan } = await this.planOf(userId, now);
    const periodStart = periodStartOf(now);
    const [messages, bots, fullest, periodEnd] = await Promise.all([
      messagesUsed(db, userId, periodStart),
      botsByRecentUse(db, userId),
      fullestBotUse(db, userId),
      latestPeriodEnd(db, userId),
    ]);
    const { limits } = plan;
    return {
      tier: plan.tier,
      status: plan.status,
      trialEndsAt: plan.trialEndsAt?.toISOString() ?? null,
      periodEndsAt: plan.status === 'premium' ? (periodEnd?.toISOString() ?? null) : null,
      limits,
      usage: {
        periodStart,
        messages: { used: messages, limit: limits.messagesPerMonth },
        chatbots: { used: bots.length, limit: limits.chatbots },
        documentsPerBot: { used: fullest.documents, limit: limits.documentsPerBot },
        websitePagesPerBot: { used: fullest.websitePages, limit: limits.websitePagesPerBot },
      },
      pausedBotIds: plan.limited ? bots.slice(limits.chatbots).map((bot) => bot.id) : [],
    };
  }

  // Reminders 3 days and 1 day before a trial ends, and the notice when it has ended. Each is
  // claimed in the row before it is sent, so several instances never send one twice.
  async sweepTrials(now = new Date()) {
    const { db } = this.options;
    for (const owner of await claimTrialReminders(db, 0, now)) await this.trialEnded(owner, now);
    for (const days of trialReminderDays) {
      for (const owner of await claimTrialReminders(db, days, now)) {
        await this.trialEnding(owner, days);
      }
    }
  }

  private async trialEnding(owner: PlanOwnerRow, days: number) {
    const when = days === 1 ? 'tomorrow' : `in ${days} days`;
    const free = planDefinitions.free.limits;
    const message = `Your Premium trial ends ${when}. Upgrade to Premium to keep every chatbot answering; otherwise your account moves to the Free plan (${limitText('chatbots', free)}, ${limitText('messagesPerMonth', free)}).`;
    await this.options.notifications.raise(owner.id, `trial-ending-${days}`, {
      severity: 'warning',
      message,
      link: settingsLink,
    });
    await this.options.mailer.send({
      to: owner.email,
      subject: `Your Askwell trial ends ${when}`,
      text: `${greeting(owner)}\n\n${message}\n\nUpgrade: ${this.link(settingsLink)}\n`,
    });
  }

  private async trialEnded(owner: PlanOwnerRow, now: Date) {
    const plan = effectivePlanOf(owner, now);
    const bots = await botsByRecentUse(this.options.db, owner.id);
    const paused = bots.slice(plan.limits.chatbots);
    const kept = bots.slice(0, plan.limits.chatbots);
    const message =
      paused.length > 0
        ? `Your trial has ended and your account is on the Free plan (${limitText('chatbots', plan.limits)}). Nothing was deleted. ${quoteNames(kept)} keeps answering; paused: ${quoteNames(paused)}. Upgrade to Premium in Settings → Plan & Billing to restore them.`
        : `Your trial has ended and your account is on the Free plan. Nothing was deleted; upgrade to Premium in Settings → Plan & Billing for more chatbots and messages.`;
    await this.options.notifications.raise(owner.id, 'trial-ended', {
      severity: paused.length > 0 ? 'error' : 'info',
      message,
      link: settingsLink,
    });
    await this.options.mailer.send({
      to: owner.email,
      subject: 'Your Askwell trial has ended',
      text: `${greeting(owner)}\n\n${message}\n\nPlan & Billing: ${this.link(settingsLink)}\n`,
    });
  }

  private link(path: string) {
    return this.options.publicUrl ? new URL(path, this.options.publicUrl).toString() : path;
  }

  start() {
    const run = () =>
      this.sweepTrials().catch((error: unknown) =>
        reportUnlessStopping(
          error,
          () => this.stopping,
          () => this.options.logger.error({ err: error }, 'trial reminder sweep failed'),
        ),
      );
    void run();
    this.sweeper = setInterval(run, sweepIntervalMs);
    this.sweeper.unref();
  }

  stop() {
    this.stopping = true;
    clearInterval(this.sweeper);
  }
}

function greeting(owner: Pick<PlanOwnerRow, 'firstName'>) {
  return owner.firstName ? `Hello ${owner.firstName},` : 'Hello,';
}

function quoteNames(bots: { name: string }[]) {
  return bots.map((bot) => `“${bot.name}”`).join(', ');
}
