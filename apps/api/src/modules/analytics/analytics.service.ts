import {
  analyticsMaxDays,
  conversionRate,
  estimateCostUsd,
  type AddAnswerInput,
  type AnalyticsQuery,
  type AnalyticsQuestion,
  type AnalyticsReport,
  type AnalyticsTotals,
  type WidgetEventType,
} from '@askwell/shared';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { BotsService } from '../bots/bots.service';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import { tokenize } from '../retrieval';
import {
  breakdown,
  daily,
  heatmap,
  homeFigures,
  importHistory,
  markAnswered,
  recentFeedback,
  deleteQuestionsWorded,
  recordQuestion,
  recordWidgetEvent,
  todayIn,
  topQuestions,
  totals,
  unansweredQuestions,
  type ImportedPageLoads,
  type ImportedQuestion,
  type ImportedWidgetHour,
  type QuestionRow,
  type Scope,
  type TotalsRow,
} from './analytics.repository';

const listLimit = 10;
const keptWording = (question: string) => question.slice(0, 500);
const pageLimit = 20;
// Enough to read the tone of the latest ratings without the card outgrowing the page.
const feedbackLimit = 8;
const rangeDays = { today: 1, '7d': 7, '30d': 30, '90d': 90 } as const;

// Questions that mean the same (stemmed words without stop words, in any order) share a key;
// a question made only of stop words keys on its own lower-cased text.
export function questionKey(question: string) {
  const terms = [...new Set(tokenize(question))].sort();
  const key = terms.join(' ') || question.trim().toLowerCase().replace(/\s+/g, ' ');
  return key.slice(0, 200);
}

function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function utcDay(at: Date) {
  return at.toISOString().slice(0, 10);
}

function oneDecimal(value: number) {
  return Math.round(value * 10) / 10;
}

function toTotals(row: TotalsRow): AnalyticsTotals {
  const judged = row.answered + row.unanswered;
  return {
    conversations: row.conversations,
    messages: row.messages,
    leads: row.leads,
    conversionRate: conversionRate(row.leads, row.conversations),
    averageConversationLength:
      row.conversations > 0 ? oneDecimal(row.messages / row.conversations) : 0,
    averageResponseSeconds:
      row.responses > 0 ? oneDecimal(row.response_ms_total / row.responses / 1000) : null,
    answered: row.answered,
    unanswered: row.unanswered,
    answeredRate: judged > 0 ? oneDecimal((row.answered / judged) * 100) : null,
    thumbsUp: row.thumbs_up,
    thumbsDown: row.thumbs_down,
    widgetLoads: row.widget_loads,
    widgetOpens: row.widget_opens,
  };
}

function toQuestion(row: QuestionRow): AnalyticsQuestion {
  return {
    key: row.key,
    botId: row.bot_id,
    botName: row.bot_name,
    question: row.question,
    asked: row.asked,
    unanswered: row.unanswered,
    lastAskedAt: new Date(row.last_asked_at).toISOString(),
  };
}

function invalidRange(message: string) {
  return new AppError('validation_error', message, { from: message });
}

export type AnalyticsServiceOptions = {
  db: Database;
  bots: BotsService;
  knowledge: KnowledgeService;
};

// The analytics page's figures, read from the rollups the database keeps (migration 0014), and
// the two things the chat path and the widget add to them: questions and funnel events.
export class AnalyticsService {
  constructor(private readonly options: AnalyticsServiceOptions) {}

  async report(userId: string, query: AnalyticsQuery, timeZone: string): Promise<AnalyticsReport> {
    const { db, bots } = this.options;
    const botId = query.botId ?? null;
    if (botId) await bots.requireOwned(userId, botId);
    const today = await this.today(timeZone);
    let from: string;
    let to: string;
    if (query.range === 'custom') {
      if (!query.from || !query.to) throw invalidRange('Choose both a start and an end date.');
      from = query.from;
      to = query.to;
      if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
        throw invalidRange('Choose real calendar dates.');
      }
      if (from > to) throw invalidRange('The start date must be on or before the end date.');
      if (daysBetween(from, to) + 1 > analyticsMaxDays) {
        throw invalidRange(`Choose a range of at most ${analyticsMaxDays} days.`);
      }
    } else {
      to = today;
      from = addDays(today, 1 - rangeDays[query.range]);
    }
    const length = daysBetween(from, to) + 1;
    const previousTo = addDays(from, -1);
    const previousFrom = addDays(previousTo, 1 - length);
    const scope: Scope = { userId, botId, timeZone, from, to };

    const [
      current,
      previous,
      days,
      cells,
      pages,
      sources,
      languages,
      answerers,
      top,
      unanswered,
      feedback,
    ] = await Promise.all([
      totals(db, scope),
      totals(db, { ...scope, from: previousFrom, to: previousTo }),
      daily(db, scope),
      heatmap(db, scope),
      breakdown(db, scope, 'page', pageLimit),
      breakdown(db, scope, 'source', listLimit),
      breakdown(db, scope, 'language', listLimit),
      breakdown(db, scope, 'answerer', listLimit),
      topQuestions(db, scope, listLimit),
      unansweredQuestions(db, scope, listLimit),
      recentFeedback(db, scope, feedbackLimit),
    ]);
    const names = new Map(
      (
        await this.options.knowledge.sourceNames(
          userId,
          sources.map((row) => row.value),
        )
      ).map((row) => [row.id, row.name]),
    );

    const byDay = new Map(days.map((day) => [day.date, day]));
    const dailyFilled = Array.from({ length }, (_, index) => {
      const date = addDays(from, index);
      return byDay.get(date) ?? { date, conversations: 0, messages: 0, leads: 0 };
    });

    return {
      range: query.range,
      from,
      to,
      previousFrom,
      previousTo,
      timeZone,
      botId,
      totals: toTotals(current),
      previous: toTotals(previous),
      daily: dailyFilled,
      funnel: {
        loaded: current.widget_loads,
        opened: current.widget_opens,
        firstMessage: current.widget_conversations,
        lead: current.leads,
      },
      pages: pages.map((row) => ({
        page: row.value,
        loads: row.loads,
        conversations: row.total,
        leads: row.leads,
        conversionRate: conversionRate(row.leads, row.total),
      })),
      sources: sources.map((row) => ({
        sourceId: row.value,
        name: names.get(row.value) ?? null,
        answers: row.total,
      })),
      feedback: feedback.map((row) => ({
        messageId: row.id,
        rating: row.feedback,
        comment: row.feedback_comment,
        answer: row.content,
        at: new Date(row.created_at).toISOString(),
      })),
      topQuestions: top.map(toQuestion),
      unansweredQuestions: unanswered.map(toQuestion),
      languages: languages.map((row) => ({ language: row.value, conversations: row.total })),
      heatmap: cells,
      models: answerers.map((row) => ({
        answerer: row.value,
        answers: row.total,
        promptTokens: row.prompt_tokens,
        completionTokens: row.completion_tokens,
        estimatedCostUsd: estimateCostUsd(row.value, row.prompt_tokens, row.completion_tokens),
      })),
    };
  }

  // The owner answers a question the bot could not: a Q&A pair for that bot, read like any other.
  async addAnswer(userId: string, input: AddAnswerInput) {
    const { bots, knowledge, db } = this.options;
    const bot = await bots.requireOwned(userId, input.botId);
    const source = await knowledge.createQa(
      { botId: bot.id, userId },
      `Answer: ${input.question.slice(0, 100)}`,
      [{ question: input.question, answer: input.answer }],
    );
    const keys = new Set([questionKey(input.question), ...(input.key ? [input.key] : [])]);
    for (const key of keys) await markAnswered(db, { botId: bot.id, key, sourceId: source.id });
    return { sourceId: source.id };
  }

  recordQuestion(input: { botId: string; userId: string; question: string; answered: boolean }) {
    return recordQuestion(this.options.db, {
      botId: input.botId,
      userId: input.userId,
      key: questionKey(input.question),
      question: keptWording(input.question),
      answered: input.answered,
    });
  }

  forgetQuestions(botId: string, questions: string[]) {
    return deleteQuestionsWorded(this.options.db, botId, [...new Set(questions.map(keptWording))]);
  }

  recordWidgetEvent(input: {
    botId: string;
    userId: string;
    type: WidgetEventType;
    page: string | null;
  }) {
    return recordWidgetEvent(this.options.db, input);
  }

  // What the rollup triggers cannot derive from stored conversations, for history that happened
  // elsewhere (the demo's sample month): the questions visitors asked, and the widget's loads and
  // opens, each at its own time. Summed here per UTC day and key, hour, and day and page.
  async importHistory(
    input: {
      botId: string;
      userId: string;
      questions: { question: string; answered: boolean; at: Date }[];
      widgetEvents: { type: WidgetEventType; page: string | null; at: Date }[];
    },
    tx: Executor = this.options.db,
  ) {
    const { botId, userId } = input;
    const questions = new Map<string, ImportedQuestion>();
    for (const asked of input.questions) {
      const key = questionKey(asked.question);
      const date = utcDay(asked.at);
      const row = questions.get(`${date} ${key}`) ?? {
        botId,
        userId,
        date,
        questionKey: key,
        question: asked.question.slice(0, 500),
        asked: 0,
        unanswered: 0,
        lastAskedAt: asked.at,
        lastUnansweredAt: null,
      };
      row.asked = (row.asked ?? 0) + 1;
      if (asked.at >= row.lastAskedAt!) {
        row.lastAskedAt = asked.at;
        row.question = asked.question.slice(0, 500);
      }
      if (!asked.answered) {
        row.unanswered = (row.unanswered ?? 0) + 1;
        if (!row.lastUnansweredAt || asked.at > row.lastUnansweredAt)
          row.lastUnansweredAt = asked.at;
      }
      questions.set(`${date} ${key}`, row);
    }
    const hours = new Map<number, ImportedWidgetHour>();
    const pages = new Map<string, ImportedPageLoads>();
    for (const event of input.widgetEvents) {
      const hour = new Date(Math.floor(event.at.getTime() / 3_600_000) * 3_600_000);
      const row = hours.get(hour.getTime()) ?? { botId, userId, hour, loads: 0, opens: 0 };
      if (event.type === 'loaded') row.loads += 1;
      else row.opens += 1;
      hours.set(hour.getTime(), row);
      if (event.type === 'loaded' && event.page) {
        const date = utcDay(event.at);
        const page = pages.get(`${date} ${event.page}`) ?? {
          botId,
          userId,
          date,
          page: event.page,
          loads: 0,
        };
        page.loads += 1;
        pages.set(`${date} ${event.page}`, page);
      }
    }
    await importHistory(tx, {
      questions: [...questions.values()],
      widgetHours: [...hours.values()],
      pageLoads: [...pages.values()],
    });
  }

  homeFigures(userId: string, timeZone: string) {
    return this.knownZone(() => homeFigures(this.options.db, userId, timeZone));
  }

  // A zone the browser knows but PostgreSQL does not is the caller's mistake, not a crash.
  private today(timeZone: string) {
    return this.knownZone(() => todayIn(this.options.db, timeZone));
  }

  private async knownZone<T>(read: () => Promise<T>) {
    try {
      return await read();
    } catch (error) {
      if ((error as { code?: string }).code === '22023') {
        throw new AppError('validation_error', 'Unknown time zone.', {
          timeZone: 'Unknown time zone.',
        });
      }
      throw error;
    }
  }
}
