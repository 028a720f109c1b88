import { botDefaults, type Bot } from '@askwell/shared';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  test,
} from './fixtures';
import { askInWidget } from './support/widget-visitor';
import { startHostSite } from './support/host-site';

const shots = 'test-results/screens/analytics';

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

test('a question the bot could not answer is answered from the analytics page, and the next visitor gets that answer', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const baseURL = process.env.E2E_BASE_URL!;
  await registerTestCustomer(page.request, { verified: true, name: 'Ana Owner' });
  const headers = { Origin: baseURL };
  const created = await page.request.post('/api/bots', {
    headers,
    data: { ...botDefaults, name: 'Bakery helper', allowedDomains: ['127.0.0.1'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bot = (await created.json()) as Bot;
  const site = await startHostSite(baseURL, bot.id);

  try {
    // A visitor on the bakery's site asks something no document covers.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${site.origin}/cakes?utm_source=newsletter`);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Bakery helper' });
    const fallback = await askInWidget(panel, 'Do you sell gift vouchers?');
    await expect(fallback).toContainText("I'm sorry, I don't have information about that yet.");

    await page.goto('/dashboard/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    const unanswered = card(page, 'Unanswered questions');
    await expect(unanswered).toContainText('Do you sell gift vouchers?');
    // The funnel counts the page that loaded the widget, the opening and the first message.
    const funnel = card(page, 'Funnel');
    await funnel.getByRole('button', { name: 'Show table' }).click();
    await expect(funnel.getByRole('table').first()).toContainText('Widget loaded');
    await expect(card(page, 'Funnel')).toContainText(`${site.origin}/cakes`);
    await expect(card(page, 'Funnel')).not.toContainText('utm_source');
    await page.screenshot({ path: `${shots}/analytics-desktop.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await unanswered.getByRole('button', { name: 'Add an answer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Question')).toHaveValue('Do you sell gift vouchers?');
    await dialog
      .getByLabel('Answer')
      .fill('Yes, gift vouchers from 20 to 200 euros are sold at the counter.');
    await page.screenshot({ path: `${shots}/add-answer-desktop.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Answer added. Your chatbot will use it from now on.'),
    ).toBeVisible();
    await expect(unanswered).toContainText('No unanswered questions in this period.');

    // The answer is a Q&A pair of the bot; once it is read, the next visitor asking gets it.
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/sources?botId=${bot.id}`);
          return ((await response.json()) as Array<{ status: string }>).map((s) => s.status).join();
        },
        { timeout: 30_000 },
      )
      .toBe('completed');
    const nextContext = await browser.newContext();
    const next = await nextContext.newPage();
    await next.goto(site.origin);
    await next.getByRole('button', { name: 'Open chat' }).click();
    const answer = await askInWidget(
      next.getByRole('dialog', { name: 'Bakery helper' }),
      'Do you sell gift vouchers?',
    );
    await expect(answer).toContainText('gift vouchers from 20 to 200 euros');
    await nextContext.close();
    await visitorContext.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(card(page, 'Top questions')).toContainText('Do you sell gift vouchers?');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/analytics-phone.png`, fullPage: true });
  } finally {
    await site.close();
  }
});
