import type { Bot } from '@askwell/shared';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signInWithApi,
  staffAccounts,
  staffPassword,
  test,
} from './fixtures';
import { startHostSite, type HostSite } from './support/host-site';

const shots = 'test-results/screens/admin-chatbots';
const reason = 'Sells counterfeit concert tickets.';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

// What a visitor of the customer's site sees when they open the chat.
async function openWidget(browser: Browser, site: HostSite) {
  const page = await browser.newPage();
  await page.goto(site.origin);
  await page.getByRole('button', { name: 'Open chat' }).click();
  return page;
}

test.describe.configure({ mode: 'serial' });

test.describe('staff disable a chatbot that breaks the terms', () => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const botName = `Ticket Desk ${unique}`;
  let bot: Bot;
  let site: HostSite;
  let ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let ownerEmail: string;
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: baseUrl() });
    const account = await registerTestCustomer(page.request, {
      verified: true,
      name: 'Tia Tickets',
    });
    ownerEmail = account.email;
    const created = await page.request.post('/api/bots', {
      headers: { Origin: baseUrl() },
      data: {
        name: botName,
        description: `Answers questions about PLATYPUS-${unique} festival passes.`,
        tone: 'casual',
        goal: 'product_recommendation',
        instructions: 'Keep answers short.',
        starterQuestions: ['When does the festival start?'],
        fallbackMessage: 'I do not know that yet.',
        widgetConfig: {
          primaryColor: '#7C3AED',
          buttonColor: '#7C3AED',
          textColor: '#1F2937',
          fontFamily: 'Inter, sans-serif',
          welcomeMessage: 'Hi! Ask me about festival passes.',
          placeholderText: 'Ask about passes...',
        },
        allowedDomains: ['127.0.0.1'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    bot = (await created.json()) as Bot;
    site = await startHostSite(baseUrl(), bot.id, { title: 'Festival Tickets' });
    ownerState = await page.context().storageState();
    await page.close();

    const context = await browser.newContext({ baseURL: baseUrl() });
    admin = await context.newPage();
    await signInWithApi(admin.request, baseUrl(), staffAccounts.super_admin, staffPassword);
  });

  test.afterAll(async () => {
    await admin?.context().close();
    await site?.close();
  });

  test('before anything happens, the widget answers on the customer’s site', async ({
    browser,
  }) => {
    const visitor = await openWidget(browser, site);
    await expect(
      visitor.getByRole('dialog', { name: botName }).getByRole('textbox', { name: 'Your message' }),
    ).toBeVisible();
    await visitor.close();
  });

  test('a super_admin finds the bot by its description in any case and opens its read-only detail', async () => {
    await admin.goto('/admin/chatbots');
    await expect(admin.getByRole('heading', { level: 1, name: 'Chatbots' })).toBeVisible();
    await admin.getByPlaceholder('Search chatbots...').fill(`platypus-${unique.toUpperCase()}`);
    await expect(admin).toHaveURL(/search=platypus/);
    const rows = admin.getByRole('table', { name: 'Chatbots' }).getByRole('row');
    // The header row and the one match.
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ hasText: botName });
    await expect(row).toContainText(ownerEmail);
    await expect(row).toContainText('Product Recommendation');
    await expect(row).toContainText('Casual');
    await expect(row).toContainText('Active');
    await admin.setViewportSize({ width: 1366, height: 900 });
    await admin.screenshot({ path: `${shots}/list-desktop.png`, fullPage: true });

    await admin.getByPlaceholder('Search chatbots...').fill('no chatbot is called this');
    await expect(admin.getByText('No chatbots found')).toBeVisible();
    await admin.getByPlaceholder('Search chatbots...').fill(botName.toLowerCase());
    await row.getByRole('link', { name: `View ${botName}` }).click();

    await expect(admin).toHaveURL(new RegExp(`/admin/chatbots/${bot.id}$`));
    await expect(admin.getByRole('heading', { level: 1, name: botName })).toBeVisible();
    const overview = admin.getByRole('region', { name: 'Overview' });
    await expect(overview).toContainText(ownerEmail);
    await expect(overview).toContainText('No conversations yet');
    await expect(admin.getByRole('region', { name: 'Widget' })).toContainText('127.0.0.1');
    await expect(admin.getByRole('region', { name: 'Behaviour' })).toContainText(
      'Keep answers short.',
    );
    // Read-only: no form, nothing to save.
    await expect(admin.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(admin);
    await admin.screenshot({ path: `${shots}/detail-desktop.png`, fullPage: true });
  });

  test('disabling asks for a reason, then the widget on the host page stops answering', async ({
    browser,
  }) => {
    await admin.getByRole('button', { name: 'Disable', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Disable this chatbot?' });
    await dialog.getByRole('button', { name: 'Disable chatbot' }).click();
    await expect(dialog.getByText('Say why the chatbot is disabled.')).toBeVisible();
    await dialog.getByLabel('Reason').fill(reason);
    await expect(dialog.getByText('Say why the chatbot is disabled.')).toBeHidden();
    await admin.screenshot({ path: `${shots}/disable-dialog-desktop.png` });
    await dialog.getByRole('button', { name: 'Disable chatbot' }).click();
    await expect(admin.getByText(`“${botName}” is disabled`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText(`Disabled by Askwell staff on`)).toContainText(reason);
    await expect(admin.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();

    const visitor = await openWidget(browser, site);
    await expect(visitor.getByText('Chat is not available right now.')).toBeVisible();
    await expect(visitor.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
    await visitor.screenshot({ path: `${shots}/host-page-refused.png` });
    await visitor.close();

    await admin.goto(`/admin/chatbots?search=${encodeURIComponent(botName)}`);
    await expect(
      admin
        .getByRole('row')
        .filter({ hasText: botName })
        .getByText('Disabled', { exact: true })
        .filter({ visible: true }),
    ).toBeVisible();
  });

  test('the owner sees why, and cannot switch the bot back on', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseUrl(), storageState: ownerState });
    const owner = await context.newPage();
    await owner.goto('/dashboard/bots');
    const card = owner.getByTestId('bot-card').filter({ hasText: botName });
    await expect(card).toContainText(`Disabled by Askwell staff: ${reason}`);
    await owner.screenshot({ path: `${shots}/owner-bots-desktop.png`, fullPage: true });

    await owner.goto('/dashboard');
    await expect(
      owner
        .getByText(`Askwell staff disabled your chatbot “${botName}”`)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();

    await owner.goto(`/dashboard/bots/${bot.id}`);
    await expect(owner.getByText(`Disabled by Askwell staff: ${reason}`)).toBeVisible();
    await owner.getByRole('tab', { name: 'Widget Appearance' }).click();
    const toggle = owner.getByRole('switch', { name: 'Chatbot enabled' });
    await expect(toggle).toBeDisabled();
    await expect(toggle).not.toBeChecked();
    await owner.screenshot({ path: `${shots}/owner-editor-desktop.png`, fullPage: true });

    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.goto('/dashboard/bots');
    await expect(card).toContainText('Disabled by Askwell staff');
    await expectNoHorizontalScroll(owner);
    await owner.screenshot({ path: `${shots}/owner-bots-phone.png`, fullPage: true });
    await context.close();
  });

  test('at 390 px the list and the detail fit the screen', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`/admin/chatbots?search=${encodeURIComponent(botName)}`);
    const row = admin.getByRole('row').filter({ hasText: botName });
    await expect(
      row.getByText('Disabled', { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(row).toContainText(ownerEmail);
    await expectNoHorizontalScroll(admin);
    await admin.screenshot({ path: `${shots}/list-phone.png`, fullPage: true });
    await admin.goto('/admin/chatbots');
    await expect(admin.getByRole('row').nth(1)).toBeVisible();
    await expectNoHorizontalScroll(admin);

    await admin.goto(`/admin/chatbots/${bot.id}`);
    await expect(admin.getByRole('heading', { level: 1, name: botName })).toBeVisible();
    await expectNoHorizontalScroll(admin);
    await admin.screenshot({ path: `${shots}/detail-phone.png`, fullPage: true });
    await admin.setViewportSize({ width: 1366, height: 900 });
  });

  test('enabling brings the widget back', async ({ browser }) => {
    await admin.goto(`/admin/chatbots/${bot.id}`);
    await admin.getByRole('button', { name: 'Enable', exact: true }).click();
    await expect(admin.getByText(`“${botName}” is enabled again`)).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Disable', exact: true })).toBeVisible();
    await expect(admin.getByText('Disabled by Askwell staff on')).toHaveCount(0);

    const visitor = await openWidget(browser, site);
    await expect(
      visitor.getByRole('dialog', { name: botName }).getByRole('textbox', { name: 'Your message' }),
    ).toBeVisible();
    await visitor.close();
  });
});
