import {
  accountSuspendedMessage,
  adminUserMessages,
  type AdminUser,
  type AdminUserPage,
  type ApiErrorBody,
  type WidgetConversation,
  type WidgetSession,
} from '@askwell/shared';
import { sql } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import { BrowserClient } from './support/browser-client';
import { addTextDocument, createBot } from './support/chat-fixtures';
import { signInStaff, signUpCustomer } from './support/customers';
import { linkFrom, startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ipCounter = 0;
const dataDir = path.join(process.env.TMPDIR ?? '/tmp', `askwell-admin-users-${process.pid}`);
const staffPassword = 'staff password 123';
const customerPassword = 'customer password 1';
const staff = {
  super_admin: 'super@users.test',
  sales_manager: 'sales@users.test',
  support_team: 'support@users.test',
} as const;
const browsers = {} as Record<keyof typeof staff, BrowserClient>;
const staffIds = {} as Record<keyof typeof staff, string>;

const nextIp = () => `10.31.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  for (const role of ['super_admin', 'sales_manager', 'support_team'] as const) {
    const { id, browser } = await signInStaff(context, {
      role,
      email: staff[role],
      password: staffPassword,
      ip: nextIp(),
    });
    staffIds[role] = id;
    browsers[role] = browser;
  }
}, 120_000);
afterAll(async () => {
  await context?.close();
  await sink?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(email: string, password: string) {
  const browser = new BrowserClient(context.app, nextIp());
  const response = await browser.post('/api/auth/sign-in/email', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

function trySignIn(email: string, password: string) {
  return new BrowserClient(context.app, nextIp()).post('/api/auth/sign-in/email', {
    email,
    password,
  });
}

let customerCount = 0;
async function newCustomer(label: string) {
  const email = `${label}-${++customerCount}@shop.test`;
  const browser = await signUpCustomer(context, sink, email, nextIp());
  const me = (await browser.get('/api/me')).json<{ id: string }>();
  return { email, browser, id: me.id };
}

async function auditRows(targetId: string) {
  const result = await context.database.db.execute<{
    action: string;
    admin_email: string;
    ip_address: string | null;
    details: Record<string, unknown> & { message: string };
  }>(
    sql`select action, admin_email, ip_address, details from admin_logs where target_id = ${targetId} order by created_at, id`,
  );
  return result.rows;
}

function errorOf(response: { json: <T>() => T }) {
  return response.json<ApiErrorBody>().error;
}

describe('the list', () => {
  const pagingIds: string[] = [];

  beforeAll(async () => {
    // 120 accounts, three to each timestamp and four timestamps to a millisecond, so that pages
    // must break ties on the id and keep the microseconds JavaScript dates do not have.
    const { db } = context.database;
    for (let index = 0; index < 120; index += 1) {
      const id = `paging${String(index).padStart(4, '0')}`;
      pagingIds.push(id);
      await db.insert(users).values({
        id,
        name: `Page Person${index}`,
        email: `page-${index}@paging.test`,
        emailVerified: true,
        firstName: 'Page',
        lastName: `Person${index}`,
        createdAt: sql`timestamptz '2024-01-01 00:00:00+00' + ${Math.floor(index / 3) * 250} * interval '1 microsecond'`,
      });
    }
    await db.insert(users).values({
      id: 'wildcard0001',
      name: 'Hal Half_%Price',
      email: 'hal@wildcard.test',
      emailVerified: true,
      firstName: 'Hal',
      lastName: 'Half_%Price',
    });
  });

  async function page(query: string, browser = browsers.super_admin) {
    const response = await browser.get(`/api/admin/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminUserPage>();
  }

  test('when staff page through 120 matching accounts, then they get 50, 50 and 20, newest first, each once', async () => {
    const expected = await context.database.db.execute<{ id: string }>(
      sql`select id from users where email like '%@paging.test' order by created_at desc, id desc`,
    );
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = new URLSearchParams({
        search: 'PAGING.test',
        ...(cursor ? { before: cursor } : {}),
      }).toString();
      const result = await page(query, browsers.sales_manager);
      sizes.push(result.users.length);
      seen.push(...result.users.map((user) => user.id));
      cursor = result.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(expected.rows.map((row) => row.id));
    expect(new Set(seen).size).toBe(120);
  });

  test('when a search holds % or _, then they match themselves, not any text', async () => {
    expect((await page('search=%25')).users.map((user) => user.email)).toEqual([
      'hal@wildcard.test',
    ]);
    expect((await page('search=_%25P')).users.map((user) => user.email)).toEqual([
      'hal@wildcard.test',
    ]);
    expect((await page('search=person1')).users.length).toBeGreaterThan(10);
    expect((await page('search=PERSON119')).users.map((user) => user.id)).toEqual(['paging0119']);
  });

  test('when the list is filtered, then staff are Admins only and never in Free Tier', async () => {
    const admins = (await page('filter=admin')).users;
    expect(admins.map((user) => user.email).sort()).toEqual(Object.values(staff).sort());
    expect(admins.every((user) => user.is_admin)).toBe(true);
    expect((await page('filter=free&search=users.test')).users).toEqual([]);
    expect((await page('filter=premium&search=paging')).users).toEqual([]);
  });

  test('when the cursor or filter is not one the server made, then 400 says what to do', async () => {
    const stale = await browsers.super_admin.get('/api/admin/users?before=yesterday');
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).fields?.before).toBe(
      'This page of the list is out of date. Reload the list.',
    );
    expect((await browsers.super_admin.get('/api/admin/users?filter=everyone')).statusCode).toBe(
      400,
    );
  });

  test('when a row is read, then it carries the bot count and the suspension', async () => {
    const customer = await newCustomer('counted');
    await createBot(customer.browser, { name: 'Counted bot' });
    await createBot(customer.browser, { name: 'Second bot' });
    const [row] = (await page(`search=${customer.email}`)).users;
    expect(row).toMatchObject({
      email: customer.email,
      role: 'user',
      subscription_tier: 'free',
      bot_count: 2,
      suspended_at: null,
      email_verified: true,
      is_admin: false,
    });
  });

  test('when support_team or a customer asks for the list, then 403', async () => {
    const customer = await newCustomer('nosy');
    for (const browser of [browsers.support_team, customer.browser]) {
      const response = await browser.get('/api/admin/users');
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('editing a profile', () => {
  test("when a super_admin changes a customer's e-mail, names and password, then the customer signs in with the new ones only and every old session ends", async () => {
    const customer = await newCustomer('edited');
    const newEmail = `renamed-${customerCount}@shop.test`;
    const newPassword = 'the new password 42';
    const response = await browsers.super_admin.patch(`/api/admin/users/${customer.id}`, {
      email: ` ${newEmail.toUpperCase()} `,
      first_name: ' Ada ',
      last_name: 'Lovelace',
      password: newPassword,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({
      id: customer.id,
      email: newEmail,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email_verified: true,
    });

    expect((await customer.browser.get('/api/me')).statusCode).toBe(401);
    expect((await trySignIn(customer.email, customerPassword)).statusCode).toBe(401);
    expect((await trySignIn(newEmail, customerPassword)).statusCode).toBe(401);
    const signedIn = await signIn(newEmail, newPassword);
    expect((await signedIn.get('/api/me')).json()).toMatchObject({
      email: newEmail,
      first_name: 'Ada',
      name: 'Ada Lovelace',
    });

    const logs = await auditRows(customer.id);
    expect(logs.map((row) => row.action)).toEqual(['user.update', 'user.password_set']);
    expect(logs[0]!.admin_email).toBe(staff.super_admin);
    expect(logs[0]!.ip_address).toBe(browsers.super_admin.ip);
    expect(logs[0]!.details).toMatchObject({
      email: customer.email,
      before: { email: customer.email, first_name: 'Test', last_name: 'Customer' },
      after: { email: newEmail, first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(logs[0]!.details.message).toContain(`Edited ${customer.email}`);
    expect(logs[1]!.details).toMatchObject({
      message: `Set a new password for ${newEmail}`,
      sessions_revoked: 1,
    });
    expect(JSON.stringify(logs)).not.toContain(newPassword);
  });

  test('when the password is left blank, then the current one keeps working and no password entry is written', async () => {
    const customer = await newCustomer('blank');
    const response = await browsers.sales_manager.patch(`/api/admin/users/${customer.id}`, {
      email: customer.email,
      first_name: 'Bea',
      last_name: '',
      password: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await customer.browser.get('/api/me')).statusCode).toBe(200);
    expect((await trySignIn(customer.email, customerPassword)).statusCode).toBe(200);
    expect((await auditRows(customer.id)).map((row) => row.action)).toEqual(['user.update']);
  });

  test('when the input is wrong, then 400 names each field with a message a person understands', async () => {
    const customer = await newCustomer('invalid');
    const other = await newCustomer('taken');
    const edit = (body: object) =>
      browsers.super_admin.patch(`/api/admin/users/${customer.id}`, body);

    const bad = await edit({ email: 'not-an-address', first_name: ' ', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({
      email: 'Please enter a valid email address.',
      first_name: 'Please enter a first name.',
      password: 'Password must be at least 8 characters long.',
    });

    const taken = await edit({ email: other.email.toUpperCase(), first_name: 'Dup' });
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken).message).toBe(adminUserMessages.duplicateEmail);
    expect(errorOf(taken).fields?.email).toBe(adminUserMessages.duplicateEmail);

    const missing = await browsers.super_admin.patch('/api/admin/users/no-such-user', {
      email: 'ghost@shop.test',
      first_name: 'Ghost',
    });
    expect(missing.statusCode).toBe(404);
    expect(await auditRows(customer.id)).toEqual([]);
  });

  test('when a sales_manager edits another staff account, then 403 and nothing changes; a super_admin may', async () => {
    const refused = await browsers.sales_manager.patch(`/api/admin/users/${staffIds.super_admin}`, {
      email: 'evil@users.test',
      first_name: 'Evil',
      password: 'taken over 123',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe('Only a super admin can edit another staff account.');
    expect((await trySignIn(staff.super_admin, staffPassword)).statusCode).toBe(200);

    const allowed = await browsers.super_admin.patch(`/api/admin/users/${staffIds.support_team}`, {
      email: staff.support_team,
      first_name: 'Sam',
      last_name: 'Support',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<AdminUser>().first_name).toBe('Sam');

    const customer = await newCustomer('notstaff');
    for (const browser of [browsers.support_team, customer.browser]) {
      const response = await browser.patch(`/api/admin/users/${customer.id}`, {
        email: customer.email,
        first_name: 'Nope',
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('suspension', () => {
  test('when a customer is suspended, then their session ends, sign-in is refused with the reason to call support, and lifting it lets them in again', async () => {
    const customer = await newCustomer('suspended');
    const response = await browsers.sales_manager.post(`/api/admin/users/${customer.id}/suspend`, {
      reason: '  Sending spam through the widget  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const suspended = response.json<AdminUser>();
    expect(suspended.suspended_at).not.toBeNull();
    expect(suspended.suspended_reason).toBe('Sending spam through the widget');

    expect((await customer.browser.get('/api/me')).statusCode).toBe(401);
    const refused = await trySignIn(customer.email, customerPassword);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(accountSuspendedMessage);
    // Only the right password learns of the suspension.
    const wrong = await trySignIn(customer.email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).message).not.toBe(accountSuspendedMessage);

    const again = await browsers.sales_manager.post(`/api/admin/users/${customer.id}/suspend`, {
      reason: 'twice',
    });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe('This account is already suspended.');

    const lifted = await browsers.sales_manager.post(`/api/admin/users/${customer.id}/unsuspend`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json<AdminUser>().suspended_at).toBeNull();
    expect((await trySignIn(customer.email, customerPassword)).statusCode).toBe(200);

    const logs = await auditRows(customer.id);
    expect(logs.map((row) => row.action)).toEqual(['user.suspend', 'user.unsuspend']);
    expect(logs[0]!.details).toMatchObject({
      message: `Suspended ${customer.email}: Sending spam through the widget`,
      reason: 'Sending spam through the widget',
      sessions_revoked: 1,
    });
    expect(logs[1]!.details.message).toBe(`Lifted the suspension of ${customer.email}`);
  });

  test('when a session outlives a suspension, then its next request is refused with the suspension message and it is signed out', async () => {
    const customer = await newCustomer('lingering');
    await context.database.db.execute(
      sql`update users set suspended_at = now(), suspended_reason = 'test' where id = ${customer.id}`,
    );
    const refused = await customer.browser.get('/api/me');
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).message).toBe(accountSuspendedMessage);
    const count = await context.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from sessions where user_id = ${customer.id}`,
    );
    expect(count.rows[0]!.count).toBe(0);
  });

  test('when the reason is missing, the account is your own, or a sales_manager suspends staff, then it is refused', async () => {
    const customer = await newCustomer('reasonless');
    const noReason = await browsers.super_admin.post(`/api/admin/users/${customer.id}/suspend`, {
      reason: '   ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields?.reason).toBe('Please give a reason for the suspension.');

    const self = await browsers.super_admin.post(
      `/api/admin/users/${staffIds.super_admin}/suspend`,
      { reason: 'oops' },
    );
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe('You cannot suspend your own account.');

    const staffByManager = await browsers.sales_manager.post(
      `/api/admin/users/${staffIds.support_team}/suspend`,
      { reason: 'rivalry' },
    );
    expect(staffByManager.statusCode).toBe(403);
    expect(errorOf(staffByManager).message).toBe(
      'Only a super admin can suspend another staff account.',
    );
    expect(await auditRows(staffIds.support_team)).not.toContainEqual(
      expect.objectContaining({ action: 'user.suspend' }),
    );
  });

  test('when a super_admin suspends a staff member, then the staff member cannot sign in until it is lifted', async () => {
    const suspended = await browsers.super_admin.post(
      `/api/admin/users/${staffIds.support_team}/suspend`,
      { reason: 'Left the company' },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await browsers.support_team.get('/api/me')).statusCode).toBe(401);
    expect((await trySignIn(staff.support_team, staffPassword)).statusCode).toBe(403);
    const lifted = await browsers.super_admin.post(
      `/api/admin/users/${staffIds.support_team}/unsuspend`,
    );
    expect(lifted.statusCode).toBe(200);
    browsers.support_team = await signIn(staff.support_team, staffPassword);
  });
});

describe('role and tier', () => {
  test('when a super_admin changes a role, then it applies on the next request and is audited; other staff cannot', async () => {
    const customer = await newCustomer('promoted');
    const refused = await browsers.sales_manager.patch(`/api/admin/users/${customer.id}/role`, {
      role: 'super_admin',
    });
    expect(refused.statusCode).toBe(403);

    const promoted = await browsers.super_admin.patch(`/api/admin/users/${customer.id}/role`, {
      role: 'support_team',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json<AdminUser>()).toMatchObject({ role: 'support_team', is_admin: true });
    expect((await customer.browser.get('/api/admin/overview')).statusCode).toBe(200);

    const invalid = await browsers.super_admin.patch(`/api/admin/users/${customer.id}/role`, {
      role: 'owner',
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields?.role).toBe('Choose one of the roles.');

    const logs = await auditRows(customer.id);
    expect(logs.map((row) => row.action)).toEqual(['user.role_change']);
    expect(logs[0]!.details).toMatchObject({
      message: `Changed the role of ${customer.email} from User to Support Team`,
      before: { role: 'user' },
      after: { role: 'support_team' },
    });
  });

  test('when the last super_admin would demote themselves, then it is refused; with a second one it is allowed', async () => {
    const alone = await browsers.super_admin.patch(
      `/api/admin/users/${staffIds.super_admin}/role`,
      { role: 'sales_manager' },
    );
    expect(alone.statusCode).toBe(403);
    expect(errorOf(alone).message).toContain('You are the last super admin');

    const second = await newCustomer('second-super');
    await browsers.super_admin.patch(`/api/admin/users/${second.id}/role`, {
      role: 'super_admin',
    });
    const secondBrowser = await signIn(second.email, customerPassword);
    const demoted = await secondBrowser.patch(`/api/admin/users/${second.id}/role`, {
      role: 'user',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json<AdminUser>().role).toBe('user');
    expect((await secondBrowser.get('/api/admin/users')).statusCode).toBe(403);
  });

  test('when the tier changes, then the list shows it and the change is audited; staff have no tier', async () => {
    const customer = await newCustomer('upgraded');
    const response = await browsers.sales_manager.patch(`/api/admin/users/${customer.id}/tier`, {
      tier: 'premium',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUser>().subscription_tier).toBe('premium');
    expect((await customer.browser.get('/api/me')).json()).toMatchObject({
      subscription_tier: 'premium',
    });
    const logs = await auditRows(customer.id);
    expect(logs.map((row) => row.action)).toEqual(['user.tier_change']);
    expect(logs[0]!.details).toMatchObject({
      message: `Changed ${customer.email} from Free to Premium`,
      before: { tier: 'free' },
      after: { tier: 'premium' },
    });

    const invalid = await browsers.sales_manager.patch(`/api/admin/users/${customer.id}/tier`, {
      tier: 'gold',
    });
    expect(errorOf(invalid).fields?.tier).toBe('Choose Free or Premium.');
    const forStaff = await browsers.super_admin.patch(
      `/api/admin/users/${staffIds.sales_manager}/tier`,
      { tier: 'premium' },
    );
    expect(forStaff.statusCode).toBe(400);
    expect(errorOf(forStaff).message).toContain('Staff accounts have no subscription tier');
  });
});

describe('deleting an account', () => {
  // A bot with a document on disk, a widget conversation and a lead: what a real account holds.
  async function customerWithContent() {
    const customer = await newCustomer('deleted');
    const origin = 'https://www.deleted-shop.test';
    const bot = await createBot(customer.browser, {
      name: 'Doomed bot',
      goal: 'lead_generation',
      allowedDomains: ['*.deleted-shop.test'],
    });
    await addTextDocument(
      customer.browser,
      bot.id,
      'returns.txt',
      'Returns are free within 30 days of delivery.',
    );
    const widget = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
      context.app.inject({
        method,
        url: `/v1/widget/bots/${bot.id}${url}`,
        remoteAddress: customer.browser.ip,
        headers: { origin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(payload ? { payload } : {}),
      });
    const session = (await widget('POST', '/sessions', undefined, {})).json<WidgetSession>();
    const asked = await widget('POST', '/messages', session.token, {
      message: 'Are returns free?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const conversation = (
      await widget('GET', '/conversation', session.token)
    ).json<WidgetConversation>();
    const lead = await widget('POST', '/leads', session.token, {
      name: 'Vera Visitor',
      email: 'vera@visitor.test',
      phone: '',
      consent: true,
    });
    expect(lead.statusCode, lead.body).toBe(201);
    return { ...customer, botId: bot.id, conversationId: conversation.conversationId! };
  }

  // Every row that names the account, its bots or its conversations, in any table.
  async function rowsOf(userId: string, botId: string, conversationId: string) {
    const { db } = context.database;
    const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public'
        and column_name in ('user_id', 'bot_id', 'conversation_id')
        and table_name <> 'admin_logs'
    `);
    const found: Record<string, number> = {};
    for (const { table_name: table, column_name: column } of columns.rows) {
      const value = column === 'user_id' ? userId : column === 'bot_id' ? botId : conversationId;
      const result = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(column)}::text = ${value}`,
      );
      if (result.rows[0]!.count > 0) found[`${table}.${column}`] = result.rows[0]!.count;
    }
    return found;
  }

  test('when the typed e-mail matches, then the account and every row and file it owned are gone, and the audit entry counts them', async () => {
    const customer = await customerWithContent();
    // Originals name their source only, so they are looked up by the account's sources.
    const originals = await context.database.db.execute<{ source_id: string }>(sql`
      select f.source_id from knowledge_source_files f
      join knowledge_sources s on s.id = f.source_id where s.user_id = ${customer.id}
    `);
    expect(originals.rows).toHaveLength(1);
    const before = await rowsOf(customer.id, customer.botId, customer.conversationId);
    expect(before).toMatchObject({
      'chatbots.user_id': 1,
      'knowledge_sources.user_id': 1,
      'conversations.user_id': 1,
      'leads.user_id': 1,
      'messages.conversation_id': expect.any(Number),
      'sessions.user_id': 1,
    });

    const wrong = await browsers.super_admin.request('DELETE', `/api/admin/users/${customer.id}`, {
      confirm_email: 'someone@else.test',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields?.confirm_email).toBe(`Type ${customer.email} exactly to confirm.`);

    const deleted = await browsers.sales_manager.request(
      'DELETE',
      `/api/admin/users/${customer.id}`,
      { confirm_email: ` ${customer.email.toUpperCase()} ` },
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      removed: { bots: 1, documents: 1, conversations: 1, leads: 1 },
    });

    expect(await rowsOf(customer.id, customer.botId, customer.conversationId)).toEqual({});
    const account = await context.database.db.execute(
      sql`select 1 from users where id = ${customer.id}`,
    );
    expect(account.rows).toHaveLength(0);
    const left = await context.database.db.execute(
      sql`select 1 from knowledge_source_files where source_id = ${originals.rows[0]!.source_id}`,
    );
    expect(left.rows).toHaveLength(0);
    expect((await customer.browser.get('/api/me')).statusCode).toBe(401);
    expect((await trySignIn(customer.email, customerPassword)).statusCode).toBe(401);

    const logs = await auditRows(customer.id);
    expect(logs.map((row) => row.action)).toEqual(['user.delete']);
    expect(logs[0]!.admin_email).toBe(staff.sales_manager);
    expect(logs[0]!.details).toMatchObject({
      message: `Deleted ${customer.email} with 1 chatbot, 1 document, 1 conversation and 1 lead`,
      email: customer.email,
      removed: { bots: 1, documents: 1, conversations: 1, leads: 1 },
    });
  });

  test('when staff delete themselves, or a sales_manager deletes staff, or nothing is typed, then it is refused and the account stays', async () => {
    const self = await browsers.super_admin.request(
      'DELETE',
      `/api/admin/users/${staffIds.super_admin}`,
      { confirm_email: staff.super_admin },
    );
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe('You cannot delete your own account.');

    const staffByManager = await browsers.sales_manager.request(
      'DELETE',
      `/api/admin/users/${staffIds.support_team}`,
      { confirm_email: staff.support_team },
    );
    expect(staffByManager.statusCode).toBe(403);

    const customer = await newCustomer('kept');
    const untyped = await browsers.super_admin.request('DELETE', `/api/admin/users/${customer.id}`);
    expect(untyped.statusCode).toBe(400);
    expect((await customer.browser.get('/api/me')).statusCode).toBe(200);
    expect((await browsers.support_team.get('/api/me')).statusCode).toBe(200);
  });
});

describe('adding a user', () => {
  test('when staff add a user, then a verified customer exists without a password, the person is mailed a set-password link, and the link works', async () => {
    const email = 'new.person@shop.test';
    const created = await browsers.sales_manager.post('/api/admin/users', {
      email: ' New.Person@Shop.test ',
      first_name: 'Nora',
      last_name: 'New',
      tier: 'premium',
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<AdminUser>();
    expect(user).toMatchObject({
      email,
      first_name: 'Nora',
      last_name: 'New',
      role: 'user',
      subscription_tier: 'premium',
      email_verified: true,
      suspended_at: null,
      bot_count: 0,
    });
    expect((await trySignIn(email, 'any password at all')).statusCode).toBe(401);

    const mail = await sink.waitForMail(email);
    expect(mail.subject).toBe('Your Askwell account is ready: set your password');
    expect(mail.text).toContain('The Askwell team created an account for you');
    const link = new URL(linkFrom(mail));
    const landing = await new BrowserClient(context.app, nextIp()).get(
      `${link.pathname}${link.search}`,
    );
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, 'http://localhost');
    expect(target.pathname).toBe('/reset-password');
    const chosen = 'nora chose this one';
    const reset = await new BrowserClient(context.app, nextIp()).post('/api/auth/reset-password', {
      token: target.searchParams.get('token'),
      newPassword: chosen,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const nora = await signIn(email, chosen);
    expect((await nora.get('/api/me')).json()).toMatchObject({
      email,
      first_name: 'Nora',
      subscription_tier: 'premium',
    });

    const logs = await auditRows(user.id);
    expect(logs.map((row) => row.action)).toEqual(['user.create']);
    expect(logs[0]!.details).toMatchObject({
      message: `Created ${email} (Premium) and mailed a link to set a password`,
      tier: 'premium',
    });

    // A later 'Forgot password?' is the ordinary reset mail again.
    await new BrowserClient(context.app, nextIp()).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect((await sink.waitForMail(email, 2)).subject).toBe('Reset your Askwell password');
  });

  test('when the address is taken or the form is incomplete, then 400 says so and nobody is mailed', async () => {
    const duplicate = await browsers.super_admin.post('/api/admin/users', {
      email: staff.support_team.toUpperCase(),
      first_name: 'Copy',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(errorOf(duplicate).fields?.email).toBe(adminUserMessages.duplicateEmail);

    const incomplete = await browsers.super_admin.post('/api/admin/users', {
      email: 'half@shop.test',
      first_name: '',
      tier: 'gold',
    });
    expect(incomplete.statusCode).toBe(400);
    expect(errorOf(incomplete).fields).toEqual({
      first_name: 'Please enter a first name.',
      tier: 'Choose Free or Premium.',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mailsTo('half@shop.test')).toHaveLength(0);

    const refused = await browsers.support_team.post('/api/admin/users', {
      email: 'sneaky@shop.test',
      first_name: 'Sneaky',
    });
    expect(refused.statusCode).toBe(403);
  });
});
