import type {
  AdminTicketDetail,
  AdminTicketPage,
  Bot,
  TicketAssignees,
  TicketDetail,
  TicketList,
} from '@askwell/shared';
import { and, eq, sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminLogs } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createBot } from './support/chat-fixtures';
import { signInStaff, signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ann: BrowserClient;
let bob: BrowserClient;
let annBot: Bot;
let bobBot: Bot;
const staff = new Map<
  'super_admin' | 'sales_manager' | 'support_team',
  { id: string; browser: BrowserClient }
>();
const password = 'staff password 123';

beforeAll(async () => {
  sink = await startSmtpSink();
  const dataDir = path.join(process.env.TMPDIR ?? '/tmp', `askwell-tickets-${process.pid}`);
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  for (const [index, role] of (
    ['super_admin', 'sales_manager', 'support_team'] as const
  ).entries()) {
    staff.set(
      role,
      await signInStaff(context, {
        role,
        email: `${role}@tickets.test`,
        password,
        ip: `10.41.0.${index + 1}`,
      }),
    );
  }
  ann = await signUpCustomer(context, sink, 'ann@koala-tea.test', '10.41.0.8');
  bob = await signUpCustomer(context, sink, 'bob@platypus-pies.test', '10.41.0.9');
  annBot = await createBot(ann, { name: 'Koala Tea Helper' });
  bobBot = await createBot(bob, { name: 'Platypus Pies Helper' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await sink?.close();
});

const support = () => staff.get('support_team')!;
const superAdmin = () => staff.get('super_admin')!;

async function open(browser: BrowserClient, body: Record<string, unknown>) {
  const response = await browser.post('/api/tickets', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TicketDetail>();
}

function adminList(browser: BrowserClient, query: Record<string, string> = {}) {
  return browser.get(`/api/admin/tickets?${new URLSearchParams(query).toString()}`);
}

function auditRows(action: string, ticketNumber: number) {
  return context.database.db
    .select()
    .from(adminLogs)
    .where(
      and(
        eq(adminLogs.action, action as never),
        sql`${adminLogs.details}->>'ticket_number' = ${String(ticketNumber)}`,
      ),
    );
}

describe('a customer opening a ticket', () => {
  test('when a customer opens a ticket linked to their own bot, then it is listed as open with its message, and every ticket staff member is mailed', async () => {
    const ticket = await open(ann, {
      subject: 'Widget shows the wrong colour',
      message: 'My widget button is grey instead of teal.',
      bot_id: annBot.id,
    });
    expect(ticket).toMatchObject({
      subject: 'Widget shows the wrong colour',
      status: 'open',
      bot: { id: annBot.id, name: 'Koala Tea Helper' },
      conversation: null,
      messages: [{ from_staff: false, body: 'My widget button is grey instead of teal.' }],
    });
    const list = (await ann.get('/api/tickets')).json<TicketList>();
    expect(list.tickets.map((row) => row.number)).toContain(ticket.number);

    for (const role of ['super_admin', 'support_team'] as const) {
      const mail = await sink.waitForMail(`${role}@tickets.test`);
      expect(mail.subject).toBe(
        `[Askwell #${ticket.number}] New ticket: Widget shows the wrong colour`,
      );
      expect(mail.text).toContain('My widget button is grey instead of teal.');
      expect(mail.text).toContain(`/admin/tickets/${ticket.number}`);
    }
    // A sales manager cannot open tickets, so is not told about them.
    expect(sink.mailsTo('sales_manager@tickets.test')).toEqual([]);
  });

  test("when a customer links another customer's bot or conversation, or sends an empty or oversized ticket, then it is refused with a clear message", async () => {
    const foreignBot = await ann.post('/api/tickets', {
      subject: 'Help',
      message: 'Please look at this bot.',
      bot_id: bobBot.id,
    });
    expect(foreignBot.statusCode).toBe(400);
    expect(foreignBot.json<{ error: { message: string } }>().error.message).toBe(
      'Choose one of your own chatbots from the list.',
    );
    const foreignConversation = await ann.post('/api/tickets', {
      subject: 'Help',
      message: 'Please look at this conversation.',
      conversation_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreignConversation.statusCode).toBe(400);
    expect(foreignConversation.body).toContain(
      'Choose one of your own conversations from the list.',
    );

    const empty = await ann.post('/api/tickets', { subject: '   ', message: 'Hello' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter a subject.');
    const longSubject = await ann.post('/api/tickets', { subject: 'x'.repeat(201), message: 'Hi' });
    expect(longSubject.body).toContain('Keep the subject under 200 characters.');
    const longMessage = await ann.post('/api/tickets', {
      subject: 'Hi',
      message: 'x'.repeat(5001),
    });
    expect(longMessage.statusCode).toBe(400);
    expect(longMessage.body).toContain('Keep the message under 5000 characters.');
    const list = (await ann.get('/api/tickets')).json<TicketList>();
    expect(list.tickets.map((row) => row.subject)).not.toContain('Help');
  });

  test("when a customer asks for, replies to or closes another customer's ticket, then it is not found and nothing changes", async () => {
    const bobs = await open(bob, { subject: 'Platypus invoice question', message: 'Where is it?' });
    for (const response of [
      await ann.get(`/api/tickets/${bobs.number}`),
      await ann.post(`/api/tickets/${bobs.number}/messages`, { message: 'Sneaky' }),
      await ann.post(`/api/tickets/${bobs.number}/close`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Platypus');
    }
    const annList = (await ann.get('/api/tickets')).body;
    expect(annList).not.toContain('Platypus');
    const still = (await bob.get(`/api/tickets/${bobs.number}`)).json<TicketDetail>();
    expect(still.status).toBe('open');
    expect(still.messages).toHaveLength(1);
  });
});

describe('staff working on tickets', () => {
  test('when support staff reply, then the customer sees it as waiting for them, is mailed the answer, and the reply is audited', async () => {
    const ticket = await open(ann, {
      subject: 'Leads export is empty',
      message: 'CSV has no rows.',
    });
    const response = await support().browser.post(`/api/admin/tickets/${ticket.number}/messages`, {
      message: 'Thanks, Ann: the export needs a date range. Try again please.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminTicketDetail>()).toMatchObject({
      status: 'pending',
      customer: { email: 'ann@koala-tea.test' },
    });

    const seen = (await ann.get(`/api/tickets/${ticket.number}`)).json<TicketDetail>();
    expect(seen.status).toBe('pending');
    expect(seen.messages.at(-1)).toMatchObject({
      from_staff: true,
      author_name: 'Askwell Support',
      body: 'Thanks, Ann: the export needs a date range. Try again please.',
    });
    const mail = sink
      .mailsTo('ann@koala-tea.test')
      .find((entry) => entry.subject === `Re: [Askwell #${ticket.number}] Leads export is empty`);
    const delivered =
      mail ??
      (await sink.waitForMail('ann@koala-tea.test', sink.mailsTo('ann@koala-tea.test').length + 1));
    expect(delivered.text).toContain('the export needs a date range');
    expect(delivered.text).toContain(`/dashboard/help/${ticket.number}`);

    const rows = await auditRows('ticket.reply', ticket.number);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      adminEmail: 'support_team@tickets.test',
      targetType: 'ticket',
    });
  });

  test('when the customer replies on an assigned ticket, then only the assignee is mailed and the ticket is open again', async () => {
    const adminMailsAtStart = sink.mailsTo('super_admin@tickets.test').length;
    const supportMailsAtStart = sink.mailsTo('support_team@tickets.test').length;
    const ticket = await open(ann, { subject: 'Bot answers in French', message: 'Why?' });
    // Mail goes out in the background: the new-ticket mail is in before anything is counted.
    await sink.waitForMail('super_admin@tickets.test', adminMailsAtStart + 1);
    await sink.waitForMail('support_team@tickets.test', supportMailsAtStart + 1);
    const assign = await superAdmin().browser.put(`/api/admin/tickets/${ticket.number}/assignee`, {
      assignee_id: support().id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json<AdminTicketDetail>().assignee?.email).toBe('support_team@tickets.test');
    expect(await auditRows('ticket.assign', ticket.number)).toHaveLength(1);

    await support().browser.post(`/api/admin/tickets/${ticket.number}/messages`, {
      message: 'Which page were you on?',
    });
    const adminMailsBefore = sink.mailsTo('super_admin@tickets.test').length;
    const supportMailsBefore = sink.mailsTo('support_team@tickets.test').length;
    const reply = await ann.post(`/api/tickets/${ticket.number}/messages`, {
      message: 'The pricing page.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<TicketDetail>().status).toBe('open');
    const mail = await sink.waitForMail('support_team@tickets.test', supportMailsBefore + 1);
    expect(mail.subject).toBe(`Re: [Askwell #${ticket.number}] Bot answers in French`);
    expect(mail.text).toContain('The pricing page.');
    expect(sink.mailsTo('super_admin@tickets.test')).toHaveLength(adminMailsBefore);
  });

  test('when staff assign to someone who may not see tickets, then it is refused', async () => {
    const ticket = await open(bob, { subject: 'Assign probe', message: 'Probe.' });
    const response = await superAdmin().browser.put(
      `/api/admin/tickets/${ticket.number}/assignee`,
      {
        assignee_id: staff.get('sales_manager')!.id,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Choose a staff member who can see support tickets.');
    expect(await auditRows('ticket.assign', ticket.number)).toHaveLength(0);
  });

  test('when staff close and reopen a ticket, then the customer is mailed on close, sees the status, and both actions are audited', async () => {
    const ticket = await open(ann, { subject: 'Close me please', message: 'Solved myself.' });
    const before = sink.mailsTo('ann@koala-tea.test').length;
    const closed = await support().browser.post(`/api/admin/tickets/${ticket.number}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<AdminTicketDetail>().status).toBe('closed');
    const mail = await sink.waitForMail('ann@koala-tea.test', before + 1);
    expect(mail.subject).toBe(`[Askwell #${ticket.number}] Closed: Close me please`);
    expect((await ann.get(`/api/tickets/${ticket.number}`)).json<TicketDetail>().status).toBe(
      'closed',
    );

    const reopened = await support().browser.post(`/api/admin/tickets/${ticket.number}/reopen`);
    expect(reopened.json<AdminTicketDetail>().status).toBe('open');
    expect(await auditRows('ticket.close', ticket.number)).toHaveLength(1);
    expect(await auditRows('ticket.reopen', ticket.number)).toHaveLength(1);
  });

  test('when a customer closes their own ticket, then staff see it closed and no staff action is logged', async () => {
    const ticket = await open(bob, { subject: 'Never mind', message: 'Found it.' });
    const closed = await bob.post(`/api/tickets/${ticket.number}/close`);
    expect(closed.json<TicketDetail>().status).toBe('closed');
    const detail = (
      await support().browser.get(`/api/admin/tickets/${ticket.number}`)
    ).json<AdminTicketDetail>();
    expect(detail.status).toBe('closed');
    expect(await auditRows('ticket.close', ticket.number)).toHaveLength(0);
  });

  test('when staff filter by status and assignee and search subject or customer e-mail, then only matching tickets are listed', async () => {
    const mine = await open(bob, { subject: 'Wombat WIDGET sizing', message: 'Too big.' });
    await support().browser.put(`/api/admin/tickets/${mine.number}/assignee`, {
      assignee_id: support().id,
    });
    const numbers = async (query: Record<string, string>) => {
      const response = await adminList(support().browser, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AdminTicketPage>().tickets.map((row) => row.number);
    };
    expect(await numbers({ search: 'wombat widget' })).toEqual([mine.number]);
    expect(await numbers({ search: 'PLATYPUS-PIES' })).toContain(mine.number);
    expect(await numbers({ search: 'PLATYPUS-PIES' })).not.toContain(
      (await open(ann, { subject: 'Koala only', message: 'Hi' })).number,
    );
    expect(await numbers({ assignee: 'mine' })).toContain(mine.number);
    expect(await numbers({ assignee: 'mine', search: 'wombat' })).toEqual([mine.number]);
    expect(await numbers({ assignee: 'unassigned', search: 'wombat' })).toEqual([]);
    expect(await numbers({ status: 'closed', search: 'wombat' })).toEqual([]);
    expect(await numbers({ status: 'open', search: 'wombat' })).toEqual([mine.number]);
    expect(await numbers({ search: 'nothing matches this at all' })).toEqual([]);

    const page = (await adminList(support().browser)).json<AdminTicketPage>();
    expect(page).toMatchObject({ page: 1, page_size: 25 });
    expect(page.total).toBeGreaterThanOrEqual(page.tickets.length);
    const bad = await adminList(support().browser, { status: 'sleeping' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a status from the list.');
  });

  test('when the assignee list is read, then it holds super admins and support staff only', async () => {
    const response = await support().browser.get('/api/admin/tickets/assignees');
    const emails = response.json<TicketAssignees>().staff.map((member) => member.email);
    expect(emails).toEqual(
      expect.arrayContaining(['super_admin@tickets.test', 'support_team@tickets.test']),
    );
    expect(emails).not.toContain('sales_manager@tickets.test');
    expect(emails).not.toContain('ann@koala-tea.test');
  });

  test('when a sales manager or a customer calls the staff ticket routes, then they are refused', async () => {
    const ticket = await open(bob, { subject: 'Role probe', message: 'Probe.' });
    for (const browser of [staff.get('sales_manager')!.browser, ann]) {
      for (const response of [
        await adminList(browser),
        await browser.get(`/api/admin/tickets/${ticket.number}`),
        await browser.post(`/api/admin/tickets/${ticket.number}/messages`, { message: 'x' }),
        await browser.post(`/api/admin/tickets/${ticket.number}/close`),
      ]) {
        expect(response.statusCode).toBe(403);
      }
    }
    const detail = (await bob.get(`/api/tickets/${ticket.number}`)).json<TicketDetail>();
    expect(detail.messages).toHaveLength(1);
    expect(detail.status).toBe('open');
  });

  test('when staff reply with an empty or oversized message, then it is refused and nothing is logged', async () => {
    const ticket = await open(bob, { subject: 'Size probe', message: 'Probe.' });
    const empty = await support().browser.post(`/api/admin/tickets/${ticket.number}/messages`, {
      message: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write a message.');
    const long = await support().browser.post(`/api/admin/tickets/${ticket.number}/messages`, {
      message: 'y'.repeat(5001),
    });
    expect(long.body).toContain('Keep the message under 5000 characters.');
    expect(await auditRows('ticket.reply', ticket.number)).toHaveLength(0);
    const missing = await support().browser.get('/api/admin/tickets/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('No ticket with this number.');
  });
});

describe('the dashboard figure', () => {
  test('when tickets are opened and closed, then Open Tickets counts those not closed', async () => {
    const openNow = async () => {
      const response = await superAdmin().browser.get('/api/admin/tickets/summary');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ open: number }>().open;
    };
    const before = await openNow();
    const first = await open(bob, { subject: 'Count probe one', message: 'One.' });
    const second = await open(bob, { subject: 'Count probe two', message: 'Two.' });
    expect(await openNow()).toBe(before + 2);
    // Waiting on the customer still counts; closed does not.
    const replied = await support().browser.post(`/api/admin/tickets/${first.number}/messages`, {
      message: 'Looking.',
    });
    expect(replied.json<AdminTicketDetail>().status).toBe('pending');
    expect(await openNow()).toBe(before + 2);
    await support().browser.post(`/api/admin/tickets/${second.number}/close`);
    expect(await openNow()).toBe(before + 1);
  });
});

describe('the site name in ticket mail', () => {
  test('when Settings → General names the site, then ticket mail subjects and sign-offs carry that name', async () => {
    const saved = await superAdmin().browser.put('/api/admin/settings/general', {
      site_name: 'Quokka Desk',
      admin_email: 'help@quokka-desk.test',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const ticket = await open(ann, { subject: 'Branding probe', message: 'Who answers?' });
      const toStaff = await sink.waitForMailWhere('support_team@tickets.test', (mail) =>
        mail.subject.endsWith('New ticket: Branding probe'),
      );
      expect(toStaff.subject).toBe(`[Quokka Desk #${ticket.number}] New ticket: Branding probe`);
      expect(toStaff.text).toMatch(
        /--\r?\nQuokka Desk\r?\nQuestions\? Write to help@quokka-desk\.test/,
      );

      const replied = await support().browser.post(`/api/admin/tickets/${ticket.number}/messages`, {
        message: 'We do.',
      });
      expect(replied.statusCode, replied.body).toBe(200);
      const toCustomer = await sink.waitForMailWhere(
        'ann@koala-tea.test',
        (mail) => mail.subject.startsWith('Re: ') && mail.subject.endsWith('Branding probe'),
      );
      expect(toCustomer.subject).toBe(`Re: [Quokka Desk #${ticket.number}] Branding probe`);
      expect(toCustomer.text).toContain('The Quokka Desk support team answered your ticket');
      expect(toCustomer.text).not.toContain('Askwell');
    } finally {
      await superAdmin().browser.put('/api/admin/settings/general', {
        site_name: 'Askwell',
        admin_email: 'no-reply@askwell.local',
      });
    }
  });
});

describe('limits', () => {
  test('when one customer opens more than 10 tickets in an hour, then the next is refused with a wait', async () => {
    const cat = await signUpCustomer(context, sink, 'cat@echidna-eggs.test', '10.41.0.10');
    for (let index = 0; index < 10; index += 1) {
      await open(cat, { subject: `Question ${index}`, message: 'Hello.' });
    }
    const refused = await cat.post('/api/tickets', { subject: 'One more', message: 'Hello.' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many requests. Please try again in');
    // Another customer is not held up by it.
    expect((await ann.get('/api/tickets')).statusCode).toBe(200);
  });
});
