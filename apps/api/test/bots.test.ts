import { botDefaults, type Bot, type BotSummary } from '@askwell/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatbots } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;

const validBot = { ...botDefaults, name: 'Support Sam', description: 'Answers shop questions' };

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  owner = await signUpCustomer(context, sink, 'owner@shop.test', '10.3.0.1');
  stranger = await signUpCustomer(context, sink, 'stranger@other.test', '10.3.0.2');
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

describe('chatbots', () => {
  test('when signed out, then the bot list is refused with 401', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/bots' });
    expect(response.statusCode).toBe(401);
  });

  test('when a customer creates a bot with the spec defaults, then it is listed with no knowledge yet', async () => {
    const created = await owner.post('/api/bots', validBot);
    expect(created.statusCode).toBe(201);
    const bot = created.json<Bot>();
    expect(bot.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bot.tone).toBe('professional');
    expect(bot.goal).toBe('lead_generation');
    expect(bot.widgetConfig).toEqual({
      primaryColor: '#1E40AF',
      buttonColor: '#1E40AF',
      textColor: '#1F2937',
      fontFamily: 'Inter, sans-serif',
      welcomeMessage: 'Hello! How can I help you today?',
      placeholderText: 'Type your message...',
    });

    const list = (await owner.get('/api/bots')).json<BotSummary[]>();
    const listed = list.find((item) => item.id === bot.id);
    expect(listed?.name).toBe('Support Sam');
    expect(listed?.knowledge.status).toBe('empty');
    expect(listed?.sourceCount).toBe(0);
    expect(listed?.lastConversationAt).toBeNull();
  });

  test('when a visitor has talked to a bot, then the list says when it last happened', async () => {
    const bot = (
      await owner.post('/api/bots', { ...validBot, name: 'Chatty Charlie' })
    ).json<Bot>();
    const before = Date.now();
    const [row] = await context.database.db.select().from(chatbots).where(eq(chatbots.id, bot.id));
    await context.app.chat.reply({
      bot: row!,
      message: 'Hello, is anyone there?',
      channel: 'widget',
      visitorId: 'visitor-1',
    });
    const listed = (await owner.get('/api/bots'))
      .json<BotSummary[]>()
      .find((item) => item.id === bot.id);
    expect(listed?.lastConversationAt).not.toBeNull();
    expect(Date.parse(listed!.lastConversationAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  test('when editing, then every field is saved and read back', async () => {
    const bot = (await owner.post('/api/bots', validBot)).json<Bot>();
    const changes = {
      ...validBot,
      name: 'Sales Sally',
      tone: 'friendly',
      goal: 'product_recommendation',
      instructions: 'Always suggest the premium plan first.',
      starterQuestions: ['What does it cost?', 'Do you ship abroad?'],
      fallbackMessage: 'Let me connect you with a person.',
      widgetConfig: {
        ...validBot.widgetConfig,
        primaryColor: 'rgb(10, 20, 30)',
        buttonColor: 'teal',
        fontFamily: 'Poppins, sans-serif',
      },
    };
    const updated = await owner.put(`/api/bots/${bot.id}`, changes);
    expect(updated.statusCode).toBe(200);
    const read = (await owner.get(`/api/bots/${bot.id}`)).json<Bot>();
    expect(read).toMatchObject(changes);
  });

  test('when the name is missing, too long or a colour is not a colour, then each field says why', async () => {
    const missing = await owner.post('/api/bots', { ...validBot, name: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.name).toBe('Please enter a name for your chatbot.');

    const long = await owner.post('/api/bots', { ...validBot, name: 'x'.repeat(81) });
    expect(long.json().error.fields.name).toBe('Name must be at most 80 characters.');

    const badColour = await owner.post('/api/bots', {
      ...validBot,
      widgetConfig: { ...validBot.widgetConfig, primaryColor: 'red; background:url(x)' },
    });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().error.fields['widgetConfig.primaryColor']).toBe(
      'Primary colour must be a valid CSS colour, for example #1E40AF.',
    );
    const bots = (await owner.get('/api/bots')).json<BotSummary[]>();
    expect(bots.some((bot) => bot.widgetConfig.primaryColor.includes('url('))).toBe(false);
  });

  test('when another customer asks for a bot, then it does not exist for them on any route', async () => {
    const bot = (await owner.post('/api/bots', validBot)).json<Bot>();
    expect((await stranger.get(`/api/bots/${bot.id}`)).statusCode).toBe(404);
    expect((await stranger.put(`/api/bots/${bot.id}`, validBot)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/bots/${bot.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/bots/${bot.id}/training`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/sources?botId=${bot.id}`)).json()).toEqual([]);
    expect((await stranger.get('/api/bots')).json<BotSummary[]>()).toEqual([]);
    expect((await owner.get(`/api/bots/${bot.id}`)).statusCode).toBe(200);
  });

  test('when a bot id is not an id at all, then it is simply not found', async () => {
    const response = await owner.get('/api/bots/bot-1');
    expect(response.statusCode).toBe(404);
  });

  test('when a bot is deleted, then it is gone from the list and its page', async () => {
    const bot = (await owner.post('/api/bots', validBot)).json<Bot>();
    expect((await owner.delete(`/api/bots/${bot.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/bots/${bot.id}`)).statusCode).toBe(404);
    const list = (await owner.get('/api/bots')).json<BotSummary[]>();
    expect(list.some((item) => item.id === bot.id)).toBe(false);
  });
});
