import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { botDefaults, type Bot } from '@askwell/shared';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import pino from 'pino';
import { repoRoot, spawnServer, type SpawnedServer } from '../scripts/spawn-server';
import { codeIn, customerPassword, expect, signInWithApi, test, waitForMail } from './fixtures';
import {
  dropDatabase,
  ensureDatabase,
  startEmbeddedPostgres,
  withDatabase,
} from '../apps/api/src/db/embedded-postgres';
import { askInWidget, dashboardCard, leaveDetailsInWidget } from './support/widget-visitor';
import { startHostSite, type HostSite } from './support/host-site';

type SharedDatabase = { url: string; close: () => Promise<void> };

// One database for both instances and nobody else: a fresh one on DATABASE_URL's server when set
// (as in CI), otherwise an embedded PostgreSQL of this test's own.
async function startSharedDatabase(): Promise<SharedDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `askwell_e2e_scale_${randomBytes(6).toString('hex')}`;
    await ensureDatabase(serverUrl, name);
    return {
      url: withDatabase(serverUrl, name),
      close: () => dropDatabase(serverUrl, name),
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-e2e-scale-pg-'));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    databaseName: 'askwell',
    logger: pino({ level: 'silent' }),
  });
  return {
    url: embedded.url,
    close: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// fixtures.ts registers on the suite's own server; this owner signs up on instance A instead, the
// same way: the real sign-up, then the code from the suite's SMTP sink, which leaves the request
// context signed in on A.
async function registerVerifiedOwner(request: APIRequestContext, baseURL: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const account = {
    name: 'Dana Owner',
    email: `scale-owner-${unique}@example.test`,
    password: customerPassword,
  };
  const headers = {
    Origin: baseURL,
    'X-Forwarded-For': `198.51.100.${1 + Math.floor(Math.random() * 254)}`,
  };
  const signUp = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers,
    data: account,
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const verify = await request.post(`${baseURL}/api/auth/email-otp/verify-email`, {
    headers,
    data: { email: account.email, otp: codeIn(await waitForMail(account.email)) },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  return account;
}

test('with two server instances on one database and no Redis, the dashboard on one follows a visitor on the other without reloading', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const smtpUrl = process.env.E2E_SMTP_URL;
  if (!smtpUrl) throw new Error('E2E_SMTP_URL is not set: run the tests with playwright.config.ts');

  const database = await startSharedDatabase();
  const servers: SpawnedServer[] = [];
  let site: HostSite | undefined;
  const contexts: BrowserContext[] = [];
  try {
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      // Live events between the instances must go through PostgreSQL alone.
      REDIS_URL: '',
      SMTP_URL: smtpUrl,
      // As behind the load balancer that a scale-out sits behind.
      TRUST_PROXY: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // New accounts may be given demo bots and chats; every figure here must start from zero.
      DEMO_DATA: 'false',
    };
    // One after the other: A applies the migrations, B then finds them done.
    servers.push(await spawnServer(env));
    servers.push(await spawnServer(env));
    // Different host names, so the browser keeps a separate session cookie for each instance;
    // the widget's server is `localhost`, cross-site from the shop's 127.0.0.1 page, as in
    // dashboard-live.spec.ts.
    const a = servers[0]!.baseUrl;
    const b = servers[1]!.baseUrl.replace('127.0.0.1', 'localhost');

    const ownerContext = await browser.newContext({ baseURL: a });
    contexts.push(ownerContext);
    const page = await ownerContext.newPage();
    const account = await registerVerifiedOwner(ownerContext.request, a);
    const created = await ownerContext.request.post(`${a}/api/bots`, {
      headers: { Origin: a },
      data: {
        ...botDefaults,
        name: 'Bakery helper',
        tone: 'friendly',
        allowedDomains: ['127.0.0.1'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const bot = (await created.json()) as Bot;
    site = await startHostSite(b, bot.id);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(dashboardCard(page, 'Active Users')).toContainText('0');
    await expect(dashboardCard(page, 'Active Chats')).toContainText('0');
    await expect(dashboardCard(page, 'Successful Leads')).toContainText('Conversion rate 0.0%');
    await expect(page.getByRole('main').getByText('No active alerts')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText(
      'Chatbot “Bakery helper” created',
    );

    // The visitor's browser talks to instance B only.
    const visitorContext = await browser.newContext();
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(site.origin);
    await expect(dashboardCard(page, 'Active Users')).toContainText('1');

    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Bakery helper' });
    await askInWidget(panel, 'Can someone contact me about a wedding cake?');
    await expect(dashboardCard(page, 'Active Chats')).toContainText('1');
    await expect(dashboardCard(page, 'Response Time')).toContainText(/\d+([.,]\d)?s/);

    await leaveDetailsInWidget(panel, { name: 'Wendy Wedding', email: 'wendy@example.com' });
    await expect(dashboardCard(page, 'Successful Leads')).toContainText('Conversion rate 100.0%');
    await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText(
      'New lead Wendy Wedding from “Bakery helper”',
    );

    await panel.getByRole('button', { name: 'New conversation' }).click();
    await expect(dashboardCard(page, 'Active Chats')).toContainText('0');

    // The owner's session on A is no use on B's host name: sign in there too. The document is
    // uploaded to B and processed by B's own workers.
    await signInWithApi(ownerContext.request, b, account.email, account.password);
    const upload = await ownerContext.request.post(`${b}/api/bots/${bot.id}/documents`, {
      headers: { Origin: b },
      multipart: {
        file: {
          name: 'price-list.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> broken'),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const alerts = page.getByRole('list', { name: 'System alerts' });
    await expect(alerts).toContainText('“price-list.pdf” failed to process for “Bakery helper”', {
      timeout: 30_000,
    });
    await expect(dashboardCard(page, 'Response Time')).toContainText('1 alert');

    // Both instances read the same figures.
    const onB = await ownerContext.newPage();
    await onB.goto(`${b}/dashboard`);
    await expect(onB.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const leadsOnA = await dashboardCard(page, 'Successful Leads').textContent();
    await expect(dashboardCard(onB, 'Successful Leads')).toHaveText(leadsOnA ?? '');
    await expect(onB.getByRole('list', { name: 'System alerts' })).toContainText(
      '“price-list.pdf” failed to process for “Bakery helper”',
    );
    await onB.close();

    // A notice staff publish on B reaches the owner's dashboard on A at once, and leaves with its
    // withdrawal.
    const staff = { email: 'sam@askwell.test', password: 'staff-password-scale-out' };
    const staffCreated = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/cli/create-admin.ts',
        ...['--email', staff.email, '--password', staff.password],
        ...['--role', 'super_admin', '--name', 'Sam Super'],
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: servers[0]!.dataDir, DATABASE_URL: database.url },
        encoding: 'utf8',
      },
    );
    expect(staffCreated.status, staffCreated.stderr).toBe(0);
    const staffContext = await browser.newContext();
    contexts.push(staffContext);
    await signInWithApi(staffContext.request, b, staff.email, staff.password);
    const notice = 'Maintenance tonight from 23:00 UTC: chats may pause for a minute.';
    const published = await staffContext.request.post(`${b}/api/admin/notifications`, {
      headers: { Origin: b },
      data: { message: notice, severity: 'alert' },
    });
    expect(published.status(), await published.text()).toBe(201);
    await expect(alerts).toContainText(notice);
    await expect(
      page.getByRole('button', { name: /^Notifications, \d+ unread alerts?$/ }),
    ).toBeVisible();
    const { id } = (await published.json()) as { id: string };
    const withdrawn = await staffContext.request.delete(`${b}/api/admin/notifications/${id}`, {
      headers: { Origin: b },
    });
    expect(withdrawn.status(), await withdrawn.text()).toBe(200);
    await expect(alerts).not.toContainText(notice);

    await visitor.goto('about:blank');
    await expect(dashboardCard(page, 'Active Users')).toContainText('0');
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await site?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database.close();
  }
});
