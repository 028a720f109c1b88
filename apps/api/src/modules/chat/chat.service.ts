import type { ChatResponse, KnowledgeHit } from '@askwell/shared';
import { streamText } from 'ai';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import type { chatbots } from '../../db/schema';
import { reportUnlessStopping } from '../../db/unavailable';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import type { HistoryTurn } from '../conversations/conversations.repository';
import type { ConversationsService } from '../conversations/conversations.service';
import type { Retriever } from '../retrieval';
import type { SettingsService } from '../settings/settings.service';
import { builtinAnswer } from './builtin-answer';
import { buildPrompt } from './chat-prompt';
import { contactRequestAnswerer, contactRequestReply } from './contact-request';
import { detectLanguage, primaryLanguage } from './language';
import { resolveModel, type ResolvedModel } from './model-provider';
import { relevantPassages, toSources, touchingFollowUp, type Passage } from './passages';
import { storedAnswer, type StoredAnswer } from './stored-answer';

export type ChatChannel = 'api' | 'widget' | 'preview';

export type ChatTurnInput = {
  bot: typeof chatbots.$inferSelect;
  message: string;
  sessionId?: string | null;
  channel: ChatChannel;
  visitorId?: string | null;
  pageUrl?: string | null;
  language?: string | null;
  // Earlier turns supplied by the caller (the OpenAI-compatible endpoint); otherwise the stored
  // conversation's last turns are the context.
  history?: HistoryTurn[];
  // The caller can show its lead form now (the widget, before a lead is left): a request to be
  // contacted is then answered with it at once.
  leadFormAvailable?: boolean;
};

export type ChatTurnResult = ChatResponse & {
  messageId: string;
  answeredFromKnowledge: boolean;
  answerer: string;
};

export type ChatReplyOptions = {
  // Called once the conversation is known, before the answer is produced.
  onStart?: (conversation: { sessionId: string; conversationId: string }) => void;
  onToken?: (text: string) => void;
  // Aborted when the client goes away; the answer so far is stored as 'interrupted'.
  signal?: AbortSignal;
};

export type ChatServiceOptions = {
  db: Database;
  conversations: ConversationsService;
  retriever: Retriever;
  settings: SettingsService;
  logger: Logger;
  providerTimeoutMs: number;
  analytics: Pick<AnalyticsService, 'recordQuestion'>;
  knowledge: Pick<KnowledgeService, 'sourceNames'>;
  notifications: Pick<NotificationsService, 'raise' | 'resolve'>;
};

const historyTurns = 6;
const searchDepth = 10;
const passagesForModel = 5;
const titleCacheMs = 60_000;
export const conversationIdleMinutes = 30;

type Gated = ChatReplyOptions & { opened: Promise<unknown> };
type Found = { hits: KnowledgeHit[]; titles: Map<string, string> };

class ProviderTimeout extends Error {
  constructor() {
    super('the model did not answer in time');
    this.name = 'ProviderTimeout';
  }
}

type Answer = {
  text: string;
  passages: Passage[];
  answeredFromKnowledge: boolean;
  answerer: string;
  status: 'complete' | 'interrupted';
  firstTokenMs: number | null;
  // What the provider reported it used, for the analytics page's model usage.
  usage?: TokenUsage;
};

type TokenUsage = { promptTokens: number | null; completionTokens: number | null };

export class ChatService {
  private readonly titles = new Map<string, { name: string; at: number }>();
  private sweeper: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly options: ChatServiceOptions) {}

  // Marks conversations that went quiet as ended (the dashboard counts open ones as live chats).
  startSweeper() {
    this.sweeper = setInterval(() => {
      this.options.conversations.endIdle(conversationIdleMinutes).catch((error: unknown) =>
        reportUnlessStopping(
          error,
          () => this.stopping,
          () => this.options.logger.warn({ err: error }, 'ending idle conversations failed'),
        ),
      );
    }, 60_000);
    this.sweeper.unref();
  }

  stop() {
    this.stopping = true;
    clearInterval(this.sweeper);
  }

  async reply(input: ChatTurnInput, replyOptions: ChatReplyOptions = {}): Promise<ChatTurnResult> {
    const started = performance.now();
    const { bot } = input;
    const message = input.message.trim();
    const visitorLanguage = primaryLanguage(input.language);
    const askedLanguage = detectLanguage(message, visitorLanguage);
    const language = askedLanguage ?? visitorLanguage;

    // Storing the visitor's message, searching the knowledge and reading the owner's settings
    // do not depend on each other. A new conversation has no history, so its model call need not
    // wait for the message to be stored either; the answer is held back until it is (`opened`).
    const searching = this.search(bot, message);
    const reading = this.options.settings.providerSettings(bot.userId);
    const storing = this.options.conversations.startTurn({
      botId: bot.id,
      userId: bot.userId,
      sessionId: input.sessionId?.trim() || randomUUID(),
      channel: input.channel,
      visitorId: input.visitorId ?? null,
      pageUrl: input.pageUrl ?? null,
      language,
      message,
      historyTurns,
    });
    for (const pending of [searching, reading, storing]) pending.catch(() => undefined);
    const opened = storing.then((turn) => {
      replyOptions.onStart?.({ sessionId: turn.sessionId, conversationId: turn.conversationId });
      return turn;
    });
    opened.catch(() => undefined);
    const continuing = Boolean(input.sessionId?.trim()) && !input.history?.length;
    const history = input.history?.length
      ? input.history
      : continuing
        ? (await opened).history
        : [];
    const answerLanguage = language ?? (continuing ? (await opened).language : null);

    const settings = await reading;
    const model = resolveModel(settings, bot.model);
    const direct = this.relevant(bot, message, await searching);
    const passages =
      direct.length > 0 ? direct : await this.searchWithContext(bot, message, history);
    // A request to be contacted is answered at once with the lead form, when there is one to show.
    const contactReply = input.leadFormAvailable
      ? contactRequestReply(bot, message, answerLanguage)
      : null;
    const stored = contactReply ? null : storedAnswer(message, passages);
    const answer = contactReply
      ? await this.answerContactRequest(contactReply, started, { ...replyOptions, opened })
      : stored
        ? await this.answerStored(stored, started, { ...replyOptions, opened })
        : model
          ? await this.answerWithModel(
              model,
              { ...input, message },
              passages,
              history,
              { language: answerLanguage, askedLanguage },
              started,
              { ...replyOptions, opened },
            )
          : await this.answerBuiltin(input.bot, message, passages, answerLanguage, started, {
              ...replyOptions,
              opened,
            });
    const turn = await opened;

    const sources = toSources(answer.passages);
    const latencyMs = Math.round(performance.now() - started);
    const messageId = await this.options.conversations.finishTurn({
      conversationId: turn.conversationId,
      content: answer.text,
      sources,
      answerer: answer.answerer,
      answeredFromKnowledge: answer.answeredFromKnowledge,
      status: answer.status,
      latencyMs,
      firstTokenMs: answer.firstTokenMs,
      language: answerLanguage,
      promptTokens: answer.usage?.promptTokens ?? null,
      completionTokens: answer.usage?.completionTokens ?? null,
    });
    // The owner's preview is not a visitor's question; a request to be contacted is not one.
    if (input.channel !== 'preview' && answer.answerer !== contactRequestAnswerer) {
      await this.options.analytics
        .recordQuestion({
          botId: bot.id,
          userId: bot.userId,
          question: message,
          answered: answer.answeredFromKnowledge,
        })
        .catch((error: unknown) =>
          this.options.logger.warn({ err: error, botId: bot.id }, 'recording the question failed'),
        );
    }
    return {
      sessionId: turn.sessionId,
      conversationId: turn.conversationId,
      reply: answer.text,
      sources,
      messageId,
      answeredFromKnowledge: answer.answeredFromKnowledge,
      answerer: answer.answerer,
    };
  }

  // The question alone first; a follow-up ("and how long does it take?") that finds nothing on
  // its own is searched again with the previous question, which supplies the missing subject
  // (the question's words count twice, so they still lead).
  // One ranking: the same as `npm run eval:retrieval` measures (issue 12 §1).
  private async search(
    bot: ChatTurnInput['bot'],
    query: string,
    previousTurn?: string,
  ): Promise<Found> {
    const hits = await this.options.retriever.rank(bot.id, query, {
      limit: searchDepth,
      previousTurn,
      knownVersion: bot.indexVersion,
    });
    if (hits.length === 0) return { hits, titles: new Map() };
    return {
      hits,
      titles: await this.titlesOf(bot.userId, [...new Set(hits.map((hit) => hit.sourceId))]),
    };
  }

  private relevant(bot: ChatTurnInput['bot'], question: string, found: Found) {
    const { retriever } = this.options;
    return relevantPassages(question, found.hits, found.titles, passagesForModel, (hit) =>
      retriever.chunkTerms(bot.id, hit.chunkId),
    );
  }

  private async searchWithContext(
    bot: ChatTurnInput['bot'],
    message: string,
    history: HistoryTurn[],
  ) {
    const previous = [...history].reverse().find((turn) => turn.role === 'user')?.content;
    if (!previous) return [];
    const context = previous.slice(0, 500);
    const found = await this.search(bot, message, context);
    const { retriever } = this.options;
    return touchingFollowUp(message, this.relevant(bot, `${message}\n${context}`, found), (hit) =>
      retriever.chunkTerms(bot.id, hit.chunkId),
    );
  }

  private async titlesOf(userId: string, sourceIds: string[]) {
    const now = Date.now();
    const missing = sourceIds.filter((id) => {
      const cached = this.titles.get(id);
      return !cached || now - cached.at > titleCacheMs;
    });
    if (missing.length > 0) {
      for (const row of await this.options.knowledge.sourceNames(userId, missing)) {
        this.titles.set(row.id, { name: row.name, at: now });
      }
      while (this.titles.size > 20_000) this.titles.delete(this.titles.keys().next().value!);
    }
    return new Map(sourceIds.map((id) => [id, this.titles.get(id)?.name ?? 'Knowledge base']));
  }

  private async answerContactRequest(
    text: string,
    started: number,
    { onToken, opened }: Gated,
  ): Promise<Answer> {
    await opened;
    const firstTokenMs = Math.round(performance.now() - started);
    emitInPieces(text, onToken);
    return {
      text,
      passages: [],
      answeredFromKnowledge: false,
      answerer: contactRequestAnswerer,
      status: 'complete',
      firstTokenMs,
    };
  }

  private async answerStored(
    { passage, answer }: StoredAnswer,
    started: number,
    { onToken, opened }: Gated,
  ): Promise<Answer> {
    await opened;
    const firstTokenMs = Math.round(performance.now() - started);
    emitInPieces(answer, onToken);
    return {
      text: answer,
      passages: [passage],
      answeredFromKnowledge: true,
      answerer: 'qa',
      status: 'complete',
      firstTokenMs,
    };
  }

  private async answerBuiltin(
    bot: ChatTurnInput['bot'],
    message: string,
    passages: Passage[],
    language: string | null,
    started: number,
    { onToken, opened }: Gated,
  ): Promise<Answer> {
    const answer = builtinAnswer(message, passages, bot, language);
    await opened;
    const firstTokenMs = Math.round(performance.now() - started);
    emitInPieces(answer.text, onToken);
    return { ...answer, answerer: 'builtin', status: 'complete', firstTokenMs };
  }

  private async answerWithModel(
    resolved: ResolvedModel,
    input: ChatTurnInput,
    passages: Passage[],
    history: HistoryTurn[],
    // The language to answer in, and the one the question itself shows (null when too short).
    { language, askedLanguage }: { language: string | null; askedLanguage: string | null },
    started: number,
    replyOptions: Gated,
  ): Promise<Answer> {
    const { onToken, signal: clientSignal, opened } = replyOptions;
    // If the visitor's message cannot be stored, the model's work is wasted: stop it.
    const notStored = new AbortController();
    opened.catch(() => notStored.abort());
    // The model reads the passages the built-in answer would cite, whole and numbered alike: one
    // choice of evidence whichever answers.
    const given = builtinAnswer(input.message, passages, input.bot, language).passages;
    const prompt = buildPrompt({
      bot: input.bot,
      passages: given,
      history,
      message: input.message,
      language,
      askedLanguage,
    });
    const timeoutMs = this.options.providerTimeoutMs;
    const watchdog = new AbortController();
    let timer = setTimeout(() => watchdog.abort(new ProviderTimeout()), timeoutMs);
    const signal = AbortSignal.any(
      [watchdog.signal, notStored.signal, clientSignal].filter((item) => item !== undefined),
    );
    let text = '';
    let firstTokenMs: number | null = null;
    let usage: TokenUsage | undefined;
    try {
      const result = streamText({
        model: resolved.model,
        system: prompt.system,
        messages: prompt.messages,
        abortSignal: signal,
        maxRetries: 0,
        temperature: 0.2,
        // Chat answers are short; this also bounds what one message can cost the customer.
        maxOutputTokens: 1000,
        // Errors arrive as stream parts below; the default handler would print them.
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text) {
          if (firstTokenMs === null) await opened;
          clearTimeout(timer);
          timer = setTimeout(() => watchdog.abort(new ProviderTimeout()), timeoutMs);
          firstTokenMs ??= Math.round(performance.now() - started);
          text += part.text;
          safely(onToken, part.text);
        } else if (part.type === 'finish') {
          usage = {
            promptTokens: part.totalUsage.inputTokens ?? null,
            completionTokens: part.totalUsage.outputTokens ?? null,
          };
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          break;
        }
      }
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
      if (!text.trim()) throw new Error('the model returned an empty answer');
    } catch (error) {
      if (clientSignal?.aborted) {
        return {
          text,
          passages: citedPassages(text, given),
          answeredFromKnowledge: citedPassages(text, given).length > 0,
          answerer: resolved.label,
          status: 'interrupted',
          firstTokenMs,
        };
      }
      // Nothing is said to the visitor when their message was not stored: the request fails.
      await opened;
      const reason = describeError(error);
      this.options.logger.warn(
        { botId: input.bot.id, model: resolved.label, reason },
        'model failed; answering from the knowledge base',
      );
      this.noticeProvider(input.bot, resolved.label, reason);
      const builtin = builtinAnswer(input.message, passages, input.bot, language);
      const addition = text ? `\n\n${builtin.text}` : builtin.text;
      emitInPieces(addition, onToken);
      return {
        text: text + addition,
        passages: builtin.passages,
        answeredFromKnowledge: builtin.answeredFromKnowledge,
        answerer: 'builtin',
        status: 'complete',
        firstTokenMs: firstTokenMs ?? Math.round(performance.now() - started),
      };
    } finally {
      clearTimeout(timer);
    }
    this.noticeProvider(input.bot, resolved.label, null);
    const cited = citedPassages(text, given);
    return {
      text,
      passages: cited,
      answeredFromKnowledge: cited.length > 0,
      answerer: resolved.label,
      status: 'complete',
      firstTokenMs,
      usage,
    };
  }

  // The owner learns that their model fails (a wrong key, a quota, a timeout) from an alert, not
  // from visitors; the next answer it gives resolves the alert. Alerts never hold up an answer.
  private noticeProvider(bot: ChatTurnInput['bot'], label: string, failure: string | null) {
    const { notifications, logger } = this.options;
    const key = `model:${label}`;
    const noted = failure
      ? notifications.raise(bot.userId, key, {
          severity: 'error',
          message: `The model ${label} failed to answer for “${bot.name}” (${failure}). Visitors got answers quoted from the knowledge base instead.`,
          link: '/dashboard/settings',
        })
      : notifications.resolve(bot.userId, key);
    noted.catch((error: unknown) =>
      logger.warn({ err: error, botId: bot.id }, 'recording the model alert failed'),
    );
  }
}

// Markers like [2] point at sources by position (sources[1]), so an answer that cites anything
// returns every passage it was given, in order; one that cites nothing (a greeting, or "I don't
// know") returns none.
function citedPassages(text: string, passages: Passage[]) {
  const cites = Array.from(text.matchAll(/\[(\d{1,2})\]/g), (match) => Number(match[1]));
  return cites.some((number) => passages.some((passage) => passage.number === number))
    ? passages
    : [];
}

function emitInPieces(text: string, onToken: ChatReplyOptions['onToken']) {
  if (!onToken) return;
  for (const piece of text.split(/(?<=\n\n)/)) safely(onToken, piece);
}

// A client that went away must not stop the answer from being stored.
function safely(onToken: ChatReplyOptions['onToken'], text: string) {
  try {
    onToken?.(text);
  } catch {
    // The stream's own close handler records the interruption.
  }
}

function describeError(error: unknown) {
  if (error instanceof ProviderTimeout) return error.message;
  if (error instanceof Error) {
    const status = (error as { statusCode?: number }).statusCode;
    return status ? `HTTP ${status}: ${error.message.slice(0, 200)}` : error.message.slice(0, 200);
  }
  return String(error).slice(0, 200);
}
