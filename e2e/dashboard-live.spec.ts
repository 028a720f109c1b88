import { botDefaults, type Bot } from '@askwell/shared';
import type { WebSocketRoute } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  test,
} from './fixtures';
import { askInWidget, dashboardCard, leaveDetailsInWidget } from './support/widget-visitor';
import { startHostSite } from './support/host-site';

const shots = 'test-results/screens/dashboard';

test('the owner watches visitors, chats, leads and alerts arrive on the dashboard without reloading', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const baseURL = process.env.E2E_BASE_URL!;
  await registerTestCustomer(page.request, { verified: true, name: 'Dana Owner' });
  const headers = { Origin: baseURL };
  const created = await page.request.post('/api/bots', {
    headers,
    data: {
      ...botDefaults,
      name: 'Bakery helper',
      tone: 'friendly',
      allowedDomains: ['127.0.0.1'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bot = (await created.json()) as Bot;
  const site = await startHostSite(baseURL, bot.id);

  // The dashboard's live connection passes through here, so the test can cut it.
  let liveConnection: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    liveConnection = socket;
    socket.connectToServer();
  });

  try {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(dashboardCard(page, 'Active Users')).toContainText('0');
    await expect(dashboardCard(page, 'Active Chats')).toContainText('0');
    await expect(dashboardCard(page, 'Successful Leads')).toContainText('Conversion rate 0.0%');
    await expect(page.getByRole('main').getByText('No active alerts')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText(
      'Chatbot “Bakery helper” created',
    );

    // A visitor opens the bakery's site in a browser of their own.
    const visitorContext = await browser.newContext();
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

    // The visitor starts over: that conversation has ended.
    await panel.getByRole('button', { name: 'New conversation' }).click();
    await expect(dashboardCard(page, 'Active Chats')).toContainText('0');

    // A document that cannot be read is an alert, and raises the Response Time card's badge.
    const upload = await page.request.post(`/api/bots/${bot.id}/documents`, {
      headers,
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
    await expect(alerts.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      `/dashboard/documents?botId=${bot.id}`,
    );

    // Ctrl-K jumps to the search box, which finds the account's own records, not only pages.
    await page.keyboard.press('Control+K');
    const search = page.getByRole('combobox', { name: 'Search' });
    await expect(search).toBeFocused();
    await search.fill('wendy@example');
    const found = page.getByRole('option', { name: /Wendy Wedding · wendy@example\.com/ });
    await expect(found).toContainText('Lead');
    await page.screenshot({ path: `${shots}/search-desktop.png` });
    await search.press('Escape');
    await search.fill('wedding cake');
    await expect(page.getByRole('option', { name: /wedding cake/ })).toContainText('Conversation');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/conversations\/[0-9a-f-]+$/);
    await expect(page.getByRole('main')).toContainText(
      'Can someone contact me about a wedding cake?',
    );
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The header's bell counts the alert as unread until its list is opened.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread alert' });
    await bell.click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications).toContainText('“price-list.pdf” failed to process');
    await page.screenshot({ path: `${shots}/notifications-desktop.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await page.screenshot({ path: `${shots}/home-desktop.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The visitor leaves the site: their last beat says so.
    await visitor.goto('about:blank');
    await expect(dashboardCard(page, 'Active Users')).toContainText('0');

    // The live connection drops and stays down for a while: the header says so quietly, and
    // what happened meanwhile shows up once it is back, without a reload.
    await page.route(/\/socket\.io\//, (route) => route.abort());
    await liveConnection!.close();
    const reconnecting = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
    await expect(reconnecting).toBeVisible();
    await page.screenshot({ path: `${shots}/reconnecting-desktop.png` });
    await visitor.goto(site.origin);
    await page.unroute(/\/socket\.io\//);
    await expect(reconnecting).toBeHidden({ timeout: 20_000 });
    await expect(dashboardCard(page, 'Active Users')).toContainText('1');
    await visitor.goto('about:blank');
    await expect(dashboardCard(page, 'Active Users')).toContainText('0');
    await visitorContext.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(dashboardCard(page, 'Successful Leads')).toContainText('Conversion rate 100.0%');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/home-phone.png`, fullPage: true });
  } finally {
    await site.close();
  }
});
