import type {
  AdminActivity,
  AdminOverview,
  ApiErrorBody,
  AuditLogEntry,
  AuditLogPage,
  Role,
  StaffNotice,
} from '@askwell/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminLogs } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import { BrowserClient } from './support/browser-client';
import { createBot } from './support/chat-fixtures';
import { signInStaff, signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const browsers = new Map<Role, BrowserClient>();
const password = 'staff password 123';
const staffIp = {
  super_admin: '10.31.0.1',
  sales_manager: '10.31.0.2',
  support_team: '10.31.0.3',
} as const;
const email = (role: keyof typeof staffIp) => `${role.replace('_', '.')}@audit.test`;

// Entries of a staff member who has no account here any more (as after a deletion), spread over
// three days of March 2024; 30 of them share one timestamp, so paging has ties to break.
const seedAdmin = { id: 'former-staff-id', email: 'Former.Auditor@Audit.test' };
const seedCount = 120;

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  for (const role of ['super_admin', 'sales_manager', 'support_team'] as const) {
    const { browser } = await signInStaff(context, {
      role,
      email: email(role),
      password,
      ip: staffIp[role],
    });
    browsers.set(role, browser);
  }
  browsers.set('user', await signUpCustomer(context, sink, 'owner@shop.test', '10.31.0.9'));

  const tie = new Date('2024-03-02T12:00:00.000Z');
  await context.database.db.insert(adminLogs).values(
    Array.from({ length: seedCount }, (_, index) => ({
      adminId: seedAdmin.id,
      adminEmail: seedAdmin.email,
      action: index % 2 === 0 ? ('user.update' as const) : ('chatbot.disable' as const),
      ipAddress: '192.0.2.50',
      details: { message: `Seeded change ${index}`, index },
      createdAt: index < 30 ? tie : new Date(Date.UTC(2024, 2, 1 + (index % 3), 8, 0, 0, index)),
    })),
  );
}, 120_000);
afterAll(async () => {
  await context?.close();
  await sink?.close();
});

function superAdmin() {
  return browsers.get('super_admin')!;
}

async function logs(query: string) {
  const response = await superAdmin().get(`/api/admin/logs?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogPage>();
}

describe('what is recorded', () => {
  test('when staff sign in with their password, then each sign-in is logged with the address it came from, and a customer sign-in is not', async () => {
    const customer = new BrowserClient(context.app, '10.31.0.10');
    const signIn = await customer.post('/api/auth/sign-in/email', {
      email: 'owner@shop.test',
      password: 'customer password 1',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);

    const { entries } = await logs('action=auth.sign_in');
    expect(
      entries.map((entry) => [entry.admin_email, entry.ip_address, entry.details.message]).sort(),
    ).toEqual(
      (['sales_manager', 'super_admin', 'support_team'] as const).map((role) => [
        email(role),
        staffIp[role],
        `${email(role)} signed in`,
      ]),
    );
    expect(entries.every((entry) => entry.admin_id && entry.target_type === 'user')).toBe(true);
  });

  test('when a staff password is wrong, then the refusal is logged; a wrong customer password or an unknown address is not', async () => {
    const stranger = new BrowserClient(context.app, '198.51.100.7');
    for (const attempt of [
      { email: email('sales_manager'), password: 'not the password' },
      { email: 'owner@shop.test', password: 'not the password' },
      { email: 'nobody@audit.test', password: 'not the password' },
    ]) {
      const response = await stranger.post('/api/auth/sign-in/email', attempt);
      expect(response.statusCode).toBe(401);
    }
    const { entries } = await logs('action=auth.sign_in_failed');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      admin_email: email('sales_manager'),
      ip_address: '198.51.100.7',
      details: { message: `Sign-in refused for ${email('sales_manager')}: wrong password` },
    });
  });

  test('when a notification is sent and withdrawn, then both are logged with the text, audience and address, once each', async () => {
    const admin = superAdmin();
    const message = 'Planned maintenance tonight from 22:00 UTC.';
    const published = await admin.post('/api/admin/notifications', {
      message,
      severity: 'alert',
      audienceTier: 'premium',
    });
    expect(published.statusCode, published.body).toBe(201);
    const notice = published.json<StaffNotice>();
    for (let time = 0; time < 2; time += 1) {
      expect((await admin.delete(`/api/admin/notifications/${notice.id}`)).statusCode).toBe(200);
    }

    const sent = await logs('action=notification.publish');
    expect(sent.entries).toHaveLength(1);
    expect(sent.entries[0]).toMatchObject({
      admin_email: email('super_admin'),
      ip_address: staffIp.super_admin,
      target_type: 'notification',
      target_id: notice.id,
      details: {
        message: `Sent the notification “${message}” to premium tier customers`,
        notice: message,
        severity: 'alert',
        audience: 'premium',
        reach: 0,
      },
    });
    const withdrawn = await logs('action=notification.withdraw');
    expect(withdrawn.entries).toHaveLength(1);
    expect(withdrawn.entries[0]!.details).toMatchObject({ notice: message, audience: 'premium' });
  });
});

describe('reading the log', () => {
  test('when the log is paged, then every entry comes exactly once, newest first, ties included', async () => {
    const seen: AuditLogEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditLogPage = await logs(
        `admin=former.auditor&limit=50${cursor ? `&before=${cursor}` : ''}`,
      );
      seen.push(...page.entries);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(seedCount);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(seedCount);
    const times = seen.map((entry) => entry.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await logs('')).entries).toHaveLength(50);
  });

  test('when filtered by admin, action and dates, then only matching entries come back', async () => {
    const sales = await logs('admin=SALES.MANAGER@');
    expect(new Set(sales.entries.map((entry) => entry.admin_email))).toEqual(
      new Set([email('sales_manager')]),
    );
    expect(sales.entries.map((entry) => entry.action).sort()).toEqual([
      'auth.sign_in',
      'auth.sign_in_failed',
    ]);
    expect((await logs('admin=nobody-by-that-name')).entries).toEqual([]);
    // A % or _ typed into the box is a character, not a wildcard.
    expect((await logs('admin=%25')).entries).toEqual([]);

    // 2 March in UTC: the 15 tied entries at noon and 15 more at 08:00 are user.update.
    const oneDay = await logs('admin=former&action=user.update&from=2024-03-02&to=2024-03-02');
    expect(oneDay.entries).toHaveLength(30);
    for (const entry of oneDay.entries) {
      expect(entry.action).toBe('user.update');
      expect(entry.created_at.slice(0, 10)).toBe('2024-03-02');
    }
    // 1 March for someone ten hours behind UTC runs from 10:00 UTC that day to 10:00 UTC the next:
    // it holds the 08:00 entries of 2 March and nothing else.
    const from = encodeURIComponent('2024-03-01T00:00:00-10:00');
    const to = encodeURIComponent('2024-03-01T23:59:59.999-10:00');
    const local = await logs(`admin=former&from=${from}&to=${to}`);
    expect(local.entries).toHaveLength(30);
    expect(local.entries.every((entry) => entry.created_at.startsWith('2024-03-02T08:00'))).toBe(
      true,
    );
  });

  test('when a filter or cursor is not valid, then 400 says what is wrong', async () => {
    const admin = superAdmin();
    const cases: [string, string, string][] = [
      ['from=2024-02-30', 'from', 'This date does not exist. Use a date like 2026-01-31.'],
      ['to=yesterday', 'to', 'Use a date like 2026-01-31.'],
      ['from=2024-03-02&to=2024-03-01', 'to', 'The end date is before the start date.'],
      ['action=user.destroy', 'action', 'Choose an action from the list.'],
      ['before=123_not-a-uuid', 'before', 'This page link is not valid any more. Reload the list.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await admin.get(`/api/admin/logs?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ApiErrorBody>().error.fields?.[field], query).toBe(message);
    }
    expect((await admin.get('/api/admin/logs?limit=101')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/logs/export.csv?to=2024-99-01')).statusCode).toBe(400);
  });

  test('when the dashboard reads the activity, then it gets the 10 newest entries with their message, or the action when there is none', async () => {
    const [staff] = (
      await context.database.db.execute<{ id: string }>(
        sql`select id from users where email = ${email('super_admin')}`,
      )
    ).rows;
    await context.database.db.insert(adminLogs).values({
      adminId: staff!.id,
      adminEmail: email('super_admin'),
      action: 'settings.update',
      ipAddress: staffIp.super_admin,
      details: { message: '' },
    });
    const response = await browsers.get('support_team')!.get('/api/admin/activity');
    expect(response.statusCode).toBe(200);
    const { activity } = response.json<AdminActivity>();
    expect(activity).toHaveLength(10);
    expect(activity[0]).toMatchObject({ type: 'settings.update', message: 'Changed settings' });
    expect(activity.map((item) => item.type)).toContain('notification.publish');
    expect(activity.map((item) => item.message)).toContain(
      'Sent the notification “Planned maintenance tonight from 22:00 UTC.” to premium tier customers',
    );
    const times = activity.map((item) => item.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });

  test('when the log is exported, then the CSV has the columns, the filtered rows and readable details', async () => {
    const response = await superAdmin().get(
      '/api/admin/logs/export.csv?action=auth.sign_in_failed',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFTimestamp,Admin,Action,IP Address,Details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,${email('sales_manager')},Sign-in refused,198\\.51\\.100\\.7,"\\{""message"":""Sign-in refused for `,
      ),
    );

    const all = await superAdmin().get('/api/admin/logs/export.csv?admin=former');
    expect(all.body.split('\r\n').filter(Boolean)).toHaveLength(seedCount + 1);
  });
});

describe('who may read it, and that nobody may change it', () => {
  test('when other staff or a customer ask for the log or its export, then 403; signed out, 401', async () => {
    for (const role of ['sales_manager', 'support_team', 'user'] as const) {
      for (const url of ['/api/admin/logs', '/api/admin/logs/export.csv']) {
        expect((await browsers.get(role)!.get(url)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    expect((await browsers.get('user')!.get('/api/admin/activity')).statusCode).toBe(403);
    const nobody = new BrowserClient(context.app, '10.31.0.99');
    expect((await nobody.get('/api/admin/logs')).statusCode).toBe(401);
  });

  test('when anything tries to edit or delete a log entry, then the database refuses and the entry stays', async () => {
    const db = context.database.db;
    const [entry] = (await logs('action=notification.publish')).entries;
    // The driver wraps PostgreSQL's error; the trigger's words are in its cause.
    const refusal = (query: ReturnType<typeof sql>) =>
      db.execute(query).then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusal(
        sql`update admin_logs set details = '{"message":"nothing"}' where id = ${entry!.id}`,
      ),
    ).toBe('admin_logs is append-only');
    expect(await refusal(sql`delete from admin_logs where id = ${entry!.id}`)).toBe(
      'admin_logs is append-only',
    );
    expect(await refusal(sql`truncate admin_logs`)).toBe('admin_logs is append-only');
    expect((await logs('action=notification.publish')).entries[0]).toEqual(entry);

    const writes = context.app.routeTable.filter(
      (route) => route.url.startsWith('/api/admin/logs') && route.method !== 'GET',
    );
    expect(writes).toEqual([]);
  });

  test('when exports come faster than five a minute, then the sixth is refused', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await superAdmin().get('/api/admin/logs/export.csv?action=user.create')).statusCode,
      );
    }
    // Two exports ran in the tests above, within the same minute.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('dashboard tiles', () => {
  test('when bots and chats exist, then the tiles count customers, answering bots and real conversations only', async () => {
    const owner = browsers.get('user')!;
    const live = await createBot(owner, { name: 'Live bot' });
    const off = await createBot(owner, { name: 'Switched off' });
    const banned = await createBot(owner, { name: 'Banned bot' });
    const demo = await createBot(owner, { name: 'Demo bot' });
    const db = context.database.db;
    await db.execute(sql`update chatbots set enabled = false where id = ${off.id}`);
    await db.execute(sql`update chatbots set staff_disabled_at = now() where id = ${banned.id}`);
    await db.execute(sql`update chatbots set is_demo = true where id = ${demo.id}`);
    for (const [bot, sessions] of [
      [live, 3],
      [banned, 1],
      [demo, 5],
    ] as const) {
      for (let index = 0; index < sessions; index += 1) {
        await db.execute(sql`
          insert into conversations (bot_id, user_id, session_id, channel)
          select id, user_id, ${`session-${index}`}, 'widget' from chatbots where id = ${bot.id}
        `);
      }
    }
    const response = await browsers.get('support_team')!.get('/api/admin/overview');
    expect(response.json<AdminOverview>()).toEqual({
      total_users: 1,
      active_bots: 1,
      total_chats: 4,
      new_users_this_month: 1,
    });
  });
});
