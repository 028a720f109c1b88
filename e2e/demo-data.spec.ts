import type { Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  test,
} from './fixtures';
import { dashboardCard } from './support/widget-visitor';

const shots = 'test-results/screens/demo';
const bannerText =
  "You're currently viewing demo data. Would you like to clear it and start fresh?";
const demoBotName = 'Demo: Harbor Coffee assistant';

function banner(page: Page) {
  return page.getByRole('region', { name: 'Demo data' });
}

// A card's figure: the first paragraph under its title.
function figure(page: Page, title: string) {
  return dashboardCard(page, title).locator('p').first();
}

test('a new account starts with a marked demo, and Clear Demo Data empties every page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerTestCustomer(page.request, { verified: true, keepDemo: true, name: 'Dora Demo' });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(banner(page)).toContainText(bannerText);
  await expect(banner(page).getByRole('button', { name: 'Clear Demo Data' })).toBeVisible();
  await expect(figure(page, 'Active Chats')).toHaveText('0');
  await expect(figure(page, 'Successful Leads')).not.toHaveText('0');
  await expect(page.getByText(`from “${demoBotName}”`).first()).toBeVisible();
  // The demo is not the customer's own chatbot: the first steps are still offered.
  await expect(page.getByRole('heading', { name: /Welcome to Askwell/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/dashboard-desktop.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.goto('/dashboard/bots');
  const demoCard = page.getByTestId('bot-card').filter({ hasText: demoBotName });
  await expect(demoCard).toHaveCount(1);
  await expect(demoCard.getByText('Demo', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${shots}/bots-desktop.png`, fullPage: true });
  await demoCard.getByRole('link', { name: demoBotName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Chatbot' })).toBeVisible();
  await expect(page.getByText('Demo', { exact: true })).toBeVisible();
  await expect(page.getByText(`${demoBotName} is sample data`)).toBeVisible();
  await page.screenshot({ path: `${shots}/bot-editor-desktop.png` });

  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(figure(page, 'Conversations')).not.toHaveText('0');
  await expect(figure(page, 'Leads')).not.toHaveText('0');
  await page.screenshot({ path: `${shots}/analytics-desktop.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(banner(page)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${shots}/dashboard-phone.png` });
  await page.screenshot({ path: `${shots}/dashboard-phone-full.png`, fullPage: true });
  await page.goto('/dashboard/bots');
  await expect(page.getByTestId('bot-card')).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${shots}/bots-phone.png` });

  await page.goto('/dashboard');
  await banner(page).getByRole('button', { name: 'Clear Demo Data' }).click();
  await expect(page.getByText('Demo data cleared successfully')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(figure(page, 'Successful Leads')).toHaveText('0');
  await expect(dashboardCard(page, 'Successful Leads')).toContainText('Conversion rate 0.0%');
  await expect(page.getByText(`from “${demoBotName}”`)).toHaveCount(0);
  await page.screenshot({ path: `${shots}/cleared-phone.png` });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/analytics');
  await expect(figure(page, 'Conversations')).toHaveText('0');
  await expect(figure(page, 'Leads')).toHaveText('0');
  await page.goto('/dashboard/bots');
  await expect(page.getByRole('heading', { name: 'Create your first chatbot' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(figure(page, 'Active Chats')).toHaveText('0');
  await expect(banner(page)).toHaveCount(0);
});

test('closing the banner hides it for good in this browser, and a failed clear says so', async ({
  page,
}) => {
  await registerTestCustomer(page.request, { verified: true, keepDemo: true });
  await page.goto('/dashboard');
  await expect(banner(page)).toContainText(bannerText);

  await page.route('**/api/dashboard/demo-data', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }),
    }),
  );
  await banner(page).getByRole('button', { name: 'Clear Demo Data' }).click();
  await expect(page.getByText('Failed to clear demo data')).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.unroute('**/api/dashboard/demo-data');

  await banner(page).getByRole('button', { name: 'Dismiss demo data banner' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('demoDismissed'))).toBe('true');
  await page.reload();
  await expect(figure(page, 'Successful Leads')).not.toHaveText('0');
  await expect(banner(page)).toHaveCount(0);
  // Only the banner is gone: the demo itself stays until it is cleared.
  await page.goto('/dashboard/bots');
  await expect(page.getByTestId('bot-card').filter({ hasText: demoBotName })).toHaveCount(1);
});
