import type { Database, Executor } from '../../db/client';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { BotsService } from '../bots/bots.service';
import {
  countOpenConversations,
  countVisitorMessages,
  deleteOwnedConversation,
  deleteVisitorData,
  endConversations,
  endIdleConversations,
  findCurrentConversation,
  findOwnedConversation,
  finishTurn,
  importConversations,
  importRatings,
  listConversationMessages,
  listConversations,
  messagesOf,
  setAssistantFeedback,
  startTurn,
  visitorQuestions,
  type AssistantFeedback,
  type ConversationFilters,
  type ImportedConversation,
  type ImportedMessage,
  type TurnAnswer,
  type TurnStart,
} from './conversations.repository';

// The only writer of `conversations` and `messages`: chat stores its turns, the widget ends and
// rates them, and the owner reads and deletes them, all through this service.
export class ConversationsService {
  constructor(
    private readonly db: Database,
    private readonly bots: BotsService,
    private readonly analytics: Pick<AnalyticsService, 'forgetQuestions'>,
  ) {}

  list(userId: string, filters: ConversationFilters, page: { limit: number; offset: number }) {
    return listConversations(this.db, userId, filters, page);
  }

  countOpen(userId: string) {
    return countOpenConversations(this.db, userId);
  }

  messagesOf(conversationIds: string[]) {
    return messagesOf(this.db, conversationIds);
  }

  findOwned(userId: string, conversationId: string) {
    return findOwnedConversation(this.db, userId, conversationId);
  }

  deleteOwned(userId: string, conversationId: string) {
    return deleteOwnedConversation(this.db, userId, conversationId);
  }

  // The analytics keep the wording of questions; what this visitor asked goes from there first,
  // so a failure leaves their conversations to delete again rather than their words behind.
  async deleteVisitorData(userId: string, botId: string, visitorId: string) {
    await this.bots.requireOwned(userId, botId);
    const questions = await visitorQuestions(this.db, userId, botId, visitorId);
    await this.analytics.forgetQuestions(botId, questions);
    return deleteVisitorData(this.db, userId, botId, visitorId);
  }

  startTurn(turn: TurnStart) {
    return startTurn(this.db, turn);
  }

  finishTurn(answer: TurnAnswer) {
    return finishTurn(this.db, answer);
  }

  endIdle(idleMinutes: number) {
    return endIdleConversations(this.db, idleMinutes);
  }

  findCurrent(botId: string, visitorId: string) {
    return findCurrentConversation(this.db, botId, visitorId);
  }

  messagesOfConversation(conversationId: string) {
    return listConversationMessages(this.db, conversationId);
  }

  countVisitorMessages(conversationId: string) {
    return countVisitorMessages(this.db, conversationId);
  }

  // A widget reset: the visitor's next message starts a new conversation.
  endForVisitor(botId: string, visitorId: string) {
    return endConversations(this.db, botId, visitorId);
  }

  setAssistantFeedback(feedback: AssistantFeedback) {
    return setAssistantFeedback(this.db, feedback);
  }

  // Conversations that happened elsewhere (the demo's sample history), stored with their own dates
  // in the caller's transaction. Nothing is announced: nobody is chatting.
  async importHistory(
    history: {
      conversations: ImportedConversation[];
      messages: ImportedMessage[];
      ratings: { messageId: string; rating: 'up' | 'down'; comment: string | null }[];
    },
    tx: Executor = this.db,
  ) {
    await importConversations(tx, history);
    await importRatings(tx, history.ratings);
  }
}
