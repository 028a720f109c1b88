import {
  botDefaults,
  conversationUpdatedEventName,
  type ConversationUpdatedEvent,
  type Bot,
  type ConversationDetail,
  type ConversationList,
  type KnowledgeSource,
  type LeadList,
} from '@askwell/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatbots } from '../src/db/schema';
import { setAssistantFeedback } from '../src/modules/conversations/conversations.repository';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { connectRealtime } from './support/realtime-client';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;
let garden: Bot;
let other: Bot;
const ids: Record<'answered' | 'unanswered' | 'withLead' | 'otherBot', string> = {
  answered: '',
  unanswered: '',
  withLead: '',
  otherBot: '',
};

async function botRow(botId: string) {
  const [row] = await context.database.db.select().from(chatbots).where(eq(chatbots.id, botId));
  return row!;
}

// Conversations are made by the real chat engine, as the widget would make them.
async function ask(
  bot: Bot,
  visitorId: string,
  message: string,
  extra: { sessionId?: string; pageUrl?: string } = {},
) {
  return context.app.chat.reply({
    bot: await botRow(bot.id),
    message,
    channel: 'widget',
    visitorId,
    sessionId: extra.sessionId,
    pageUrl: extra.pageUrl ?? 'https://garden.test/',
    language: 'en-GB',
  });
}

async function list(query = '') {
  const response = await owner.get(`/api/conversations${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ConversationList>();
}

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  owner = await signUpCustomer(context, sink, 'owner@inbox.test', '10.8.0.1');
  stranger = await signUpCustomer(context, sink, 'stranger@inbox.test', '10.8.0.2');
  garden = (await owner.post('/api/bots', { ...botDefaults, name: 'Garden Guide' })).json<Bot>();
  other = (await owner.post('/api/bots', { ...botDefaults, name: 'Second Bot' })).json<Bot>();
  const qa = await owner.post(`/api/bots/${garden.id}/qa`, {
    name: 'Opening hours',
    pairs: [
      {
        question: 'When is the garden centre open?',
        answer: 'The garden centre is open Monday to Friday from 9 am to 5 pm.',
      },
    ],
  });
  expect(qa.statusCode).toBe(201);
  const sourceId = qa.json<KnowledgeSource>().id;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const sources = (await owner.get(`/api/sources?botId=${garden.id}`)).json<KnowledgeSource[]>();
    if (sources.find((source) => source.id === sourceId)?.status === 'completed') break;
    if (Date.now() > deadline) throw new Error('the Q&A source was not indexed');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const answered = await ask(garden, 'visitor-one', 'When is the garden centre open?', {
    pageUrl: 'https://garden.test/opening-hours',
  });
  ids.answered = answered.conversationId;
  expect(answered.answeredFromKnowledge).toBe(true);
  await setAssistantFeedback(context.database.db, {
    botId: garden.id,
    visitorId: 'visitor-one',
    messageId: answered.messageId,
    rating: 'up',
    comment: 'Exactly what I needed',
  });

  const unanswered = await ask(garden, 'visitor-one', 'Do you repair quantum spaceships?');
  ids.unanswered = unanswered.conversationId;
  expect(unanswered.answeredFromKnowledge).toBe(false);
  await setAssistantFeedback(context.database.db, {
    botId: garden.id,
    visitorId: 'visitor-one',
    messageId: unanswered.messageId,
    rating: 'down',
    comment: null,
  });

  const withLead = await ask(garden, 'visitor-two', 'Is the garden centre open on Monday?');
  ids.withLead = withLead.conversationId;
  await context.app.leads.capture(
    await botRow(garden.id),
    { name: 'Rosa Gardener', email: 'rosa@example.com', consent: true },
    { conversationId: withLead.conversationId },
  );

  ids.otherBot = (await ask(other, 'visitor-three', 'Hello there')).conversationId;
});
afterAll(async () => {
  await context?.close();
  await sink?.close();
});

describe('conversation inbox', () => {
  test('when signed out, then the inbox is refused with 401', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/conversations' });
    expect(response.statusCode).toBe(401);
  });

  test('when the owner opens the inbox, then every conversation is listed with its bot, preview, lead and feedback', async () => {
    const all = await list();
    expect(all.total).toBe(4);
    const answered = all.conversations.find((item) => item.id === ids.answered)!;
    expect(answered).toMatchObject({
      botName: 'Garden Guide',
      visitorId: 'visitor-one',
      pageUrl: 'https://garden.test/opening-hours',
      preview: 'When is the garden centre open?',
      answered: true,
      feedback: { up: 1, down: 0 },
      lead: null,
      messageCount: 2,
    });
    const withLead = all.conversations.find((item) => item.id === ids.withLead)!;
    expect(withLead.lead).toMatchObject({ name: 'Rosa Gardener', email: 'rosa@example.com' });
  });

  test('when opening one conversation, then its transcript shows sources under the answer and the feedback comment', async () => {
    const response = await owner.get(`/api/conversations/${ids.answered}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<ConversationDetail>();
    expect(detail.messages.map((message) => message.role)).toEqual(['visitor', 'assistant']);
    expect(detail.messages[0]!.content).toBe('When is the garden centre open?');
    const answer = detail.messages[1]!;
    expect(answer.content).toContain('Monday to Friday');
    expect(answer.sources.map((source) => source.title)).toContain('Opening hours');
    expect(answer).toMatchObject({ feedback: 'up', feedbackComment: 'Exactly what I needed' });
    expect(detail.language).toBe('en');
  });

  test('when another customer asks for a conversation, then it does not exist for them', async () => {
    expect((await stranger.get(`/api/conversations/${ids.answered}`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/conversations/${ids.answered}`)).statusCode).toBe(404);
    expect((await stranger.get('/api/conversations')).json<ConversationList>().total).toBe(0);
    const foreignExport = await stranger.get('/api/conversations/export?format=json');
    expect(foreignExport.json()).toEqual([]);
  });

  test('when filtering by bot, answered, feedback, lead and date, then only matching conversations are listed', async () => {
    const idsOf = (result: ConversationList) => result.conversations.map((item) => item.id).sort();
    expect(idsOf(await list(`?botId=${other.id}`))).toEqual([ids.otherBot]);
    expect(idsOf(await list('?answered=unanswered'))).toEqual(
      [ids.unanswered, ids.otherBot].sort(),
    );
    expect(idsOf(await list('?answered=answered'))).toContain(ids.answered);
    expect(idsOf(await list('?feedback=up'))).toEqual([ids.answered]);
    expect(idsOf(await list('?feedback=down'))).toEqual([ids.unanswered]);
    expect(idsOf(await list('?feedback=any'))).toEqual([ids.answered, ids.unanswered].sort());
    expect(idsOf(await list('?hasLead=yes'))).toEqual([ids.withLead]);
    expect((await list('?hasLead=no')).total).toBe(3);
    expect((await list('?q=quantum')).conversations.map((item) => item.id)).toEqual([
      ids.unanswered,
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(4);
    expect((await list('?to=2020-01-01')).total).toBe(0);
    const wrong = await owner.get('/api/conversations?answered=maybe');
    expect(wrong.statusCode).toBe(400);
  });

  test('when exporting, then CSV has one row per message and JSON the whole transcripts', async () => {
    const csv = await owner.get(`/api/conversations/export?format=csv&botId=${garden.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/conversations-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Conversation,Bot,Visitor,Page URL,Language,Lead email,Time,Role,Message,Sources,Feedback,Feedback comment',
    );
    expect(lines.length).toBe(1 + 6);
    expect(lines.some((line) => line.includes('Exactly what I needed'))).toBe(true);
    expect(lines.some((line) => line.includes('Second Bot'))).toBe(false);

    const json = await owner.get('/api/conversations/export?format=json&hasLead=yes');
    expect(json.headers['content-disposition']).toMatch(/conversations-\d{4}-\d{2}-\d{2}\.json/);
    const body = json.json<ConversationDetail[]>();
    expect(body).toHaveLength(1);
    expect(body[0]!.lead?.email).toBe('rosa@example.com');
    expect(body[0]!.messages).toHaveLength(2);
  });

  test("when the owner deletes a visitor's data, then all their conversations with that bot and their leads are gone", async () => {
    const foreign = await stranger.delete(`/api/bots/${garden.id}/visitors/visitor-one`);
    expect(foreign.statusCode).toBe(404);

    const first = await owner.delete(`/api/bots/${garden.id}/visitors/visitor-one`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ deletedConversations: 2, deletedLeads: 0 });
    expect((await owner.get(`/api/conversations/${ids.answered}`)).statusCode).toBe(404);
    expect((await list()).total).toBe(2);

    // The same visitor id on another bot is someone else's data and stays.
    const elsewhere = await owner.delete(`/api/bots/${other.id}/visitors/visitor-two`);
    expect(elsewhere.json()).toEqual({ deletedConversations: 0, deletedLeads: 0 });

    const second = await owner.delete(`/api/bots/${garden.id}/visitors/visitor-two`);
    expect(second.json()).toEqual({ deletedConversations: 1, deletedLeads: 1 });
    expect((await owner.get('/api/leads?q=rosa')).json<LeadList>().total).toBe(0);
    expect((await list()).conversations.map((item) => item.id)).toEqual([ids.otherBot]);
  });

  test('when the owner deletes one conversation, then it is gone and a lead left in it is kept, unlinked', async () => {
    const row = await botRow(other.id);
    const turn = await context.app.chat.reply({
      bot: row,
      message: 'Please call me back',
      channel: 'api',
    });
    const { lead } = await context.app.leads.capture(
      row,
      { name: 'Callback Carl', email: 'carl@example.com', consent: true },
      { conversationId: turn.conversationId },
    );
    expect(lead.conversationId).toBe(turn.conversationId);

    expect((await owner.delete(`/api/conversations/${turn.conversationId}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/conversations/${turn.conversationId}`)).statusCode).toBe(404);
    const kept = (await owner.get(`/api/leads/${lead.id}`)).json<{
      conversationId: string | null;
    }>();
    expect(kept.conversationId).toBeNull();
  });

  test("when a visitor writes, then the owner's open dashboard hears of it at once and nobody else does", async () => {
    const ownerSocket = await connectRealtime(context.app, owner.cookieHeader());
    const strangerSocket = await connectRealtime(context.app, stranger.cookieHeader());
    const ownerEvents: ConversationUpdatedEvent[] = [];
    const strangerEvents: ConversationUpdatedEvent[] = [];
    ownerSocket.on(conversationUpdatedEventName, (event: ConversationUpdatedEvent) =>
      ownerEvents.push(event),
    );
    strangerSocket.on(conversationUpdatedEventName, (event: ConversationUpdatedEvent) =>
      strangerEvents.push(event),
    );
    try {
      const turn = await ask(garden, 'visitor-live', 'When is the garden centre open?');
      await expect
        .poll(() => ownerEvents.filter((event) => event.conversationId === turn.conversationId))
        .not.toHaveLength(0);
      expect(ownerEvents[0]).toEqual({ conversationId: turn.conversationId, botId: garden.id });
      expect(strangerEvents).toEqual([]);
    } finally {
      ownerSocket.disconnect();
      strangerSocket.disconnect();
    }
  });
});
