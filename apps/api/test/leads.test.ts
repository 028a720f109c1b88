import { botDefaults, leadMessages, type Bot, type Lead, type LeadList } from '@askwell/shared';
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
let shopBot: Bot;
let clinicBot: Bot;

async function botRow(botId: string) {
  const [row] = await context.database.db.select().from(chatbots).where(eq(chatbots.id, botId));
  return row!;
}

async function capture(botId: string, input: Record<string, unknown>) {
  return context.app.leads.capture(await botRow(botId), input as never, {});
}

async function createBot(client: BrowserClient, name: string) {
  const response = await client.post('/api/bots', { ...botDefaults, name });
  expect(response.statusCode).toBe(201);
  return response.json<Bot>();
}

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  owner = await signUpCustomer(context, sink, 'owner@leads.test', '10.6.0.1');
  stranger = await signUpCustomer(context, sink, 'stranger@leads.test', '10.6.0.2');
  shopBot = await createBot(owner, 'Shop Helper');
  clinicBot = await createBot(owner, 'Clinic Desk');
});
afterAll(async () => {
  await context?.close();
  await sink?.close();
});

describe('lead capture', () => {
  test('when a visitor leaves their details, then a new lead is stored with a lower-cased e-mail and status new', async () => {
    const { lead, created } = await capture(shopBot.id, {
      name: '  Ada Lovelace ',
      email: 'Ada@Example.COM',
      phone: '+44 20 7946 0958',
      consent: true,
    });
    expect(created).toBe(true);
    expect(lead).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0958',
      status: 'new',
      botName: 'Shop Helper',
    });
  });

  test('when the same e-mail comes back for the same bot, then the lead is updated, not duplicated, and keeps its status', async () => {
    const first = await capture(shopBot.id, {
      name: 'Grace',
      email: 'grace@navy.test',
      phone: '555 0100 22',
      consent: true,
    });
    await owner.patch(`/api/leads/${first.lead.id}`, { status: 'qualified' });

    const again = await capture(shopBot.id, {
      name: 'Grace Hopper',
      email: 'GRACE@navy.test',
      consent: true,
    });
    expect(again.created).toBe(false);
    expect(again.lead.id).toBe(first.lead.id);
    expect(again.lead).toMatchObject({
      name: 'Grace Hopper',
      phone: '555 0100 22',
      status: 'qualified',
    });

    const otherBot = await capture(clinicBot.id, {
      name: 'Grace',
      email: 'grace@navy.test',
      consent: true,
    });
    expect(otherBot.created).toBe(true);

    const list = (await owner.get('/api/leads?q=grace')).json<LeadList>();
    expect(list.total).toBe(2);
  });

  test('when fields are missing or wrong, then each one says why in words a visitor understands', async () => {
    await expect(
      capture(shopBot.id, { name: '', email: 'x', consent: false }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      fields: {
        name: leadMessages.nameRequired,
        email: leadMessages.emailInvalid,
        consent: leadMessages.consentRequired,
      },
    });
    await expect(
      capture(shopBot.id, {
        name: 'x'.repeat(101),
        email: 'ok@example.com',
        phone: 'call me maybe',
        consent: true,
      }),
    ).rejects.toMatchObject({
      fields: { name: leadMessages.nameTooLong, phone: leadMessages.phoneInvalid },
    });
    await expect(
      capture(shopBot.id, { name: 'Bob', email: 'bob@example.com', phone: '12', consent: true }),
    ).rejects.toMatchObject({ fields: { phone: leadMessages.phoneInvalid } });
  });

  test('when a conversation id is not one of this bot, then the lead is stored without it', async () => {
    const { lead } = await context.app.leads.capture(
      await botRow(shopBot.id),
      { name: 'Linus', email: 'linus@example.com', consent: true },
      { conversationId: '3f2b1c9e-1111-4222-8333-944445555666' },
    );
    expect(lead.conversationId).toBeNull();
  });
});

describe('leads API', () => {
  test('when signed out, then the leads list is refused with 401', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/leads' });
    expect(response.statusCode).toBe(401);
  });

  test('when another customer asks for, edits or deletes a lead, then it does not exist for them; the owner can delete it', async () => {
    const { lead } = await capture(shopBot.id, {
      name: 'Private Pat',
      email: 'pat@example.com',
      consent: true,
    });
    expect((await stranger.get(`/api/leads/${lead.id}`)).statusCode).toBe(404);
    expect(
      (await stranger.patch(`/api/leads/${lead.id}`, { status: 'converted' })).statusCode,
    ).toBe(404);
    expect((await stranger.delete(`/api/leads/${lead.id}`)).statusCode).toBe(404);
    const theirs = (await stranger.get('/api/leads')).json<LeadList>();
    expect(theirs.total).toBe(0);
    expect((await owner.get(`/api/leads/${lead.id}`)).json<Lead>().status).toBe('new');

    expect((await owner.delete(`/api/leads/${lead.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/leads/${lead.id}`)).statusCode).toBe(404);
  });

  test('when the owner changes a status, then it is saved; an unknown status is refused with a message', async () => {
    const { lead } = await capture(clinicBot.id, {
      name: 'Status Sue',
      email: 'sue@example.com',
      consent: true,
    });
    const updated = await owner.patch(`/api/leads/${lead.id}`, { status: 'contacted' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Lead>().status).toBe('contacted');
    const wrong = await owner.patch(`/api/leads/${lead.id}`, { status: 'won' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.status).toBe('Choose new, contacted, qualified or converted.');
  });

  test('when filtering by bot, status, search and date, then only matching leads are listed', async () => {
    const byBot = (await owner.get(`/api/leads?botId=${clinicBot.id}`)).json<LeadList>();
    expect(byBot.leads.length).toBeGreaterThan(0);
    expect(byBot.leads.every((lead) => lead.botName === 'Clinic Desk')).toBe(true);

    const contacted = (await owner.get('/api/leads?status=contacted')).json<LeadList>();
    expect(contacted.leads.map((lead) => lead.email)).toEqual(['sue@example.com']);

    const search = (await owner.get('/api/leads?q=LOVELACE')).json<LeadList>();
    expect(search.leads.map((lead) => lead.email)).toEqual(['ada@example.com']);

    const today = new Date().toISOString().slice(0, 10);
    const fromToday = (await owner.get(`/api/leads?from=${today}&to=${today}`)).json<LeadList>();
    expect(fromToday.total).toBeGreaterThan(0);
    const past = (await owner.get('/api/leads?to=2020-01-01')).json<LeadList>();
    expect(past.total).toBe(0);

    // A search for SQL wildcards matches them literally.
    const percent = (await owner.get('/api/leads?q=%25')).json<LeadList>();
    expect(percent.total).toBe(0);
  });

  test('when exporting CSV, then quotes, commas and line breaks are escaped and formulas are neutralised', async () => {
    await capture(shopBot.id, {
      name: '=HYPERLINK("http://evil.test","click"), "Boss"',
      email: 'formula@example.com',
      phone: '+1 (555) 010-0000',
      consent: true,
    });
    const response = await owner.get(`/api/leads/export.csv?botId=${shopBot.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const body = response.body.replace(/^\uFEFF/, '');
    const [header, ...rows] = body.trimEnd().split('\r\n');
    expect(header).toBe('Name,Email,Phone,Bot,Status,Consent,Conversation,Captured at');
    const formulaRow = rows.find((row) => row.includes('formula@example.com'))!;
    expect(formulaRow.startsWith(`"'=HYPERLINK(""http://evil.test"",""click""), ""Boss"""`)).toBe(
      true,
    );
    // A phone starting with + would also be read as a formula by a spreadsheet.
    expect(formulaRow).toContain(",'+1 (555) 010-0000,");
    expect(rows.every((row) => row.includes('Shop Helper'))).toBe(true);
    expect(rows.some((row) => row.includes('Clinic Desk'))).toBe(false);
  });
});
