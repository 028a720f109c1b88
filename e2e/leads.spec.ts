import { botDefaults, type Bot, type KnowledgeSource } from '@askwell/shared';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signInWithApi,
  test,
} from './fixtures';

const shots = 'test-results/screens/leads';
const shopOrigin = 'https://shop.example';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

type DoneEvent = {
  type: 'done';
  conversationId: string;
  messageId: string;
  reply: string;
  leadPrompt: string | null;
};

// A visitor on the customer's website, talking to the real widget endpoints.
async function startVisitor(request: APIRequestContext, botId: string) {
  const headers = { origin: shopOrigin };
  const session = await request.post(`${baseUrl()}/v1/widget/bots/${botId}/sessions`, {
    headers,
    data: {},
  });
  expect(session.status(), await session.text()).toBe(201);
  const { token, visitorId } = (await session.json()) as { token: string; visitorId: string };
  const auth = { ...headers, authorization: `Bearer ${token}` };
  return {
    visitorId,
    async ask(message: string, pageUrl: string) {
      const response = await request.post(`${baseUrl()}/v1/widget/bots/${botId}/messages`, {
        headers: auth,
        data: { message, pageUrl, language: 'en-US' },
      });
      expect(response.status()).toBe(200);
      const events = (await response.text())
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => JSON.parse(block.slice(6)) as { type: string });
      const done = events.find((event): event is DoneEvent => event.type === 'done');
      if (!done) throw new Error(`no answer: ${JSON.stringify(events)}`);
      return done;
    },
    async leaveDetails(details: { name: string; email: string; phone?: string }) {
      const response = await request.post(`${baseUrl()}/v1/widget/bots/${botId}/leads`, {
        headers: auth,
        data: { ...details, consent: true },
      });
      expect(response.status(), await response.text()).toBe(201);
    },
    async rate(messageId: string, rating: 'up' | 'down', comment?: string) {
      const response = await request.put(
        `${baseUrl()}/v1/widget/bots/${botId}/messages/${messageId}/feedback`,
        { headers: auth, data: { rating, ...(comment ? { comment } : {}) } },
      );
      expect(response.ok(), await response.text()).toBe(true);
    },
  };
}

async function createBot(page: Page, name: string, extra: Record<string, unknown> = {}) {
  const response = await page.request.post(`${baseUrl()}/api/bots`, {
    headers: { origin: baseUrl() },
    data: { ...botDefaults, name, allowedDomains: ['shop.example'], ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Bot;
}

async function teachOpeningHours(page: Page, botId: string) {
  const response = await page.request.post(`${baseUrl()}/api/bots/${botId}/qa`, {
    headers: { origin: baseUrl() },
    data: {
      name: 'Opening hours',
      pairs: [
        {
          question: 'When is the garden centre open?',
          answer: 'The garden centre is open Monday to Friday from 9 am to 5 pm.',
        },
      ],
    },
  });
  expect(response.status()).toBe(201);
  const source = (await response.json()) as KnowledgeSource;
  await expect
    .poll(async () => {
      const list = (await (
        await page.request.get(`${baseUrl()}/api/sources?botId=${botId}`)
      ).json()) as KnowledgeSource[];
      return list.find((item) => item.id === source.id)?.status;
    })
    .toBe('completed');
}

async function downloadText(page: Page, name: string | RegExp) {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

test('leads and conversations: data, filters, status, export, privacy delete, phone layout', async ({
  page,
  playwright,
}) => {
  test.slow();
  const owner = await registerTestCustomer(page.request, { verified: true, name: 'Gina Garden' });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
  const garden = await createBot(page, 'Garden Guide');
  const support = await createBot(page, 'Support Sam', { goal: 'support' });
  await teachOpeningHours(page, garden.id);

  const visitors = await playwright.request.newContext();
  const rosa = await startVisitor(visitors, garden.id);
  const answered = await rosa.ask(
    'When is the garden centre open?',
    'https://shop.example/opening-hours',
  );
  await rosa.rate(answered.messageId, 'up', 'Exactly what I needed');
  await rosa.leaveDetails({
    name: 'Rosa Gardener',
    email: 'Rosa@Example.com',
    phone: '+1 555 0100',
  });

  const bob = await startVisitor(visitors, garden.id);
  const unanswered = await bob.ask('Do you repair quantum spaceships?', 'https://shop.example/');
  await bob.rate(unanswered.messageId, 'down', 'Did not help');
  await bob.leaveDetails({ name: '=cmd|calc', email: 'bob@example.com' });

  const sam = await startVisitor(visitors, support.id);
  await sam.ask('Hello, anyone there?', 'https://shop.example/help');
  await visitors.dispose();

  // Leads page
  await page.goto('/dashboard/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Leads', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const rows = page.getByTestId('lead-row');
  await expect(rows).toHaveCount(2);
  const rosaRow = rows.filter({ hasText: 'Rosa Gardener' });
  await expect(rosaRow).toContainText('rosa@example.com');
  await expect(rosaRow).toContainText('+1 555 0100');
  await expect(rosaRow).toContainText('Garden Guide');
  // The formula-like name is shown as text.
  await expect(rows.filter({ hasText: '=cmd|calc' })).toHaveCount(1);

  await rosaRow
    .getByRole('combobox', { name: 'Status of Rosa Gardener' })
    .selectOption('qualified');
  await expect(page.getByText('Rosa Gardener is now qualified')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('qualified');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/status=qualified/);
  await page.reload();
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue(
    'qualified',
  );
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(rows).toHaveCount(2);

  await page.getByRole('searchbox', { name: 'Search' }).fill('bob@');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('bob@example.com');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(rows).toHaveCount(2);

  await page
    .getByRole('combobox', { name: 'Chatbot' })
    .first()
    .selectOption({ label: 'Support Sam' });
  await expect(page.getByText('No leads match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(2);

  const csv = await downloadText(page, 'Export CSV');
  expect(csv.name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Name,Email,Phone,Bot,Status,Consent,Conversation,Captured at');
  expect(lines).toHaveLength(3);
  expect(lines.some((line) => line.startsWith("'=cmd|calc,bob@example.com"))).toBe(true);
  expect(
    lines.some((line) => line.includes('rosa@example.com') && line.includes('Qualified')),
  ).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/leads-desktop.png`, fullPage: true });

  // From a lead to its conversation
  await rosaRow.getByRole('link', { name: /View conversation with Rosa Gardener/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/conversations\/[0-9a-f-]{36}$/);
  const transcript = page.getByRole('list', { name: 'Transcript' });
  await expect(transcript.getByTestId('message-visitor')).toContainText(
    'When is the garden centre open?',
  );
  await expect(transcript.getByTestId('message-assistant')).toContainText('Monday to Friday');
  await expect(transcript.getByText('Opening hours')).toBeVisible();
  await expect(transcript.getByText('“Exactly what I needed”')).toBeVisible();
  const details = page.getByRole('article');
  await expect(
    details.getByRole('link', { name: 'https://shop.example/opening-hours' }),
  ).toHaveAttribute('target', '_blank');
  await expect(details.getByText('English')).toBeVisible();
  await expect(details.getByText('rosa@example.com')).toBeVisible();

  // Conversations inbox
  await page.goto('/dashboard/conversations');
  const items = page.getByTestId('conversation-item');
  await expect(items).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Answered' }).selectOption('unanswered');
  await expect(items).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Feedback' }).selectOption('down');
  await expect(items).toHaveCount(1);
  await items.first().click();
  await expect(page.getByRole('list', { name: 'Transcript' })).toContainText(
    'Do you repair quantum spaceships?',
  );
  await expect(page.getByText('“Did not help”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(items).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Lead' }).selectOption('no');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Support Sam');
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(items).toHaveCount(3);

  const json = await downloadText(page, 'Export JSON');
  expect(json.name).toMatch(/^conversations-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(json.text) as Array<{ botName: string; messages: unknown[] }>;
  expect(exported).toHaveLength(3);
  expect(exported.every((item) => item.messages.length === 2)).toBe(true);
  const conversationsCsv = await downloadText(page, 'Export CSV');
  expect(conversationsCsv.text).toContain('Do you repair quantum spaceships?');

  await items.filter({ hasText: 'Rosa Gardener' }).click();
  await expect(page.getByRole('list', { name: 'Transcript' })).toContainText('Monday to Friday');
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/conversations-desktop.png`, fullPage: true });

  // Privacy request: Bob's conversations and lead go.
  await items.filter({ hasText: 'quantum' }).click();
  await page.getByRole('button', { name: "Delete visitor's data" }).click();
  const dialog = page.getByRole('dialog', { name: "Delete this visitor's conversations?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText('Deleted 1 conversation and 1 lead')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  await expect(items).toHaveCount(2);

  // Phone
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/leads');
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/leads-phone.png`, fullPage: true });
  await page.goto('/dashboard/conversations');
  await expect(items).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/conversations-phone.png`, fullPage: true });
  await items.filter({ hasText: 'Rosa Gardener' }).click();
  await expect(page.getByRole('list', { name: 'Transcript' })).toBeVisible();
  // On a phone the transcript replaces the list.
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeHidden();
  await expectNoHorizontalScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/conversation-phone.png`, fullPage: true });
  await page.getByRole('link', { name: 'All conversations' }).click();
  await expect(items).toHaveCount(2);

  // Deleting one conversation keeps the lead; deleting the lead empties the Leads page.
  await items.filter({ hasText: 'Hello, anyone there?' }).click();
  await page.getByRole('button', { name: 'Delete conversation' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this conversation?' })
    .getByRole('button', { name: 'Delete conversation' })
    .click();
  await expect(page.getByText('Conversation deleted')).toBeVisible();
  await expect(items).toHaveCount(1);
  await page.goto('/dashboard/leads');
  await page.getByRole('button', { name: 'Delete lead Rosa Gardener' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this lead?' })
    .getByRole('button', { name: 'Delete lead' })
    .click();
  await expect(page.getByTestId('leads-empty')).toContainText('No leads yet');
  await expectNoHorizontalScroll(page);

  // A new conversation appears in the open inbox without a reload.
  await page.goto('/dashboard/conversations');
  await expect(items).toHaveCount(1);
  const later = await playwright.request.newContext();
  const newcomer = await startVisitor(later, garden.id);
  await newcomer.ask('Do you sell tulip bulbs?', 'https://shop.example/bulbs');
  await later.dispose();
  await expect(items.filter({ hasText: 'Do you sell tulip bulbs?' })).toBeVisible();
});

test('a visitor asking to be contacted gets the lead form at once, tagged as a lead request, not as a gap', async ({
  page,
}) => {
  const owner = await registerTestCustomer(page.request, { verified: true });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
  const bot = await createBot(page, 'Pricing Pia', { goal: 'lead_generation' });
  await teachOpeningHours(page, bot.id);

  const visitor = await startVisitor(page.request, bot.id);
  const asked = await visitor.ask('Please contact me about pricing', `${shopOrigin}/pricing`);
  expect(asked.reply).toBe(
    'Of course! Leave your name and email address below and our team will contact you.',
  );
  expect(asked.leadPrompt).toBe('contact_request');

  // In the widget's other languages too, answered in the visitor's language.
  const german = await startVisitor(page.request, bot.id);
  const gefragt = await german.ask('Bitte rufen Sie mich wegen der Preise an', `${shopOrigin}/de`);
  expect(gefragt.reply).toContain('Hinterlassen Sie unten Ihren Namen');
  expect(gefragt.leadPrompt).toBe('contact_request');

  await page.goto(`/dashboard/conversations/${asked.conversationId}`);
  const row = page.getByRole('link').filter({ hasText: 'Please contact me about pricing' });
  await expect(row).toContainText('Lead request');
  await expect(row).not.toContainText('Not answered');
  await expect(page.getByText('Lead form offered').first()).toBeVisible();
  await expect(page.getByText("Not in the bot's knowledge")).toHaveCount(0);
});

test('a webhook set on the Leads page receives a signed test event, shown in the delivery log', async ({
  page,
}) => {
  const received: Array<{ signature: string | undefined; body: string }> = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        signature: request.headers['askwell-signature'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/askwell`;
  try {
    const owner = await registerTestCustomer(page.request, { verified: true, name: 'Wes Hook' });
    await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
    await createBot(page, 'Hook Bot');

    await page.goto('/dashboard/leads');
    await expect(page.getByTestId('leads-empty')).toContainText('No leads yet');
    const panel = page.getByRole('region', { name: 'Webhook' });
    await panel.getByLabel('Endpoint URL').fill('ftp://example.com/');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(
      panel.getByText('Enter a webhook URL starting with http:// or https://.'),
    ).toBeVisible();
    await panel.getByLabel('Endpoint URL').fill(receiverUrl);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Webhook saved')).toBeVisible();

    await panel.getByRole('button', { name: 'Show' }).click();
    await expect(panel.getByTestId('webhook-secret')).toHaveText(/^whsec_[\w-]{43}$/);
    const secret = (await panel.getByTestId('webhook-secret').textContent())!;

    await panel.getByRole('button', { name: 'Send test event' }).click();
    const delivery = panel.getByTestId('webhook-delivery').first();
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('HTTP 204');
    expect(received).toHaveLength(1);
    const [{ signature, body }] = received as [{ signature: string; body: string }];
    const { createHmac } = await import('node:crypto');
    const [, timestamp, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
    expect(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')).toBe(v1);

    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/leads-empty-webhook.png`, fullPage: true });

    await page.goto('/dashboard/conversations');
    await expect(page.getByTestId('conversations-empty')).toContainText('No conversations yet');
    await expectNoSeriousA11yViolations(page);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
