import { describe, expect, test } from 'vitest';
import { buildDemoHistory } from './demo-content';

const bot = { id: '00000000-0000-4000-8000-000000000001', userId: 'owner' };
const now = new Date('2026-03-18T09:30:00Z');

function withoutIds(history: ReturnType<typeof buildDemoHistory>) {
  return {
    conversations: history.conversations.map(({ id: _id, sessionId: _session, ...row }) => row),
    messages: history.messages.map(({ id: _id, conversationId: _conversation, ...row }) => row),
    leads: history.leads.map(({ conversationId: _conversation, ...row }) => row),
    questions: history.questions,
    widgetEvents: history.widgetEvents,
  };
}

describe('the demo history', () => {
  test('when it is built twice for the same moment, then every text, date and figure is the same', () => {
    expect(withoutIds(buildDemoHistory(bot, now))).toEqual(withoutIds(buildDemoHistory(bot, now)));
  });

  test('when it is built, then every conversation lies in the last 30 days, alternates visitor and answer, and is over', () => {
    const history = buildDemoHistory(bot, now);
    const since = now.getTime() - 30 * 24 * 3_600_000;
    for (const conversation of history.conversations) {
      expect(conversation.startedAt!.getTime()).toBeGreaterThan(since);
      expect(conversation.endedAt).toEqual(conversation.lastMessageAt);
      expect(conversation.lastMessageAt!.getTime()).toBeLessThan(now.getTime());
      const messages = history.messages.filter((m) => m.conversationId === conversation.id);
      expect(messages.length).toBe(conversation.messageCount);
      expect(messages.map((m) => m.role)).toEqual(
        messages.map((_, index) => (index % 2 === 0 ? 'user' : 'assistant')),
      );
    }
    const emails = history.leads.map((lead) => lead.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const lead of history.leads) expect(lead.createdAt!.getTime()).toBeLessThan(now.getTime());
  });
});
