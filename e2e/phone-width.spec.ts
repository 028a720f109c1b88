import { botDefaults, type Bot } from '@askwell/shared';
import type { Page } from '@playwright/test';
import {
  adminRoutes,
  expect,
  registerTestCustomer,
  signInWithApi,
  staffAccounts,
  staffPassword,
  test,
} from './fixtures';

// No page of the product scrolls sideways on a 390 px phone: every route is opened at that width
// and measured, and every offender is reported at once with the elements that stick out.
const phone = { width: 390, height: 844 };
const shots = 'test-results/screens/phone-width';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

type Overflow = { url: string; scrollWidth: number; innerWidth: number; wide: string[] };

async function measure(page: Page, label: string): Promise<Overflow | null> {
  // Pages draw their data after the first paint: wait until no loading line is left.
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0, { timeout: 15_000 });
  const result = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const wide: string[] = [];
    if (scrollWidth > innerWidth) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.right > innerWidth + 0.5) {
          const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[
            ...element.classList,
          ]
            .slice(0, 4)
            .join('.')}`;
          wide.push(`${name} (${Math.round(box.left)}→${Math.round(box.right)})`);
        }
      }
    }
    return { innerWidth, scrollWidth, wide: wide.slice(0, 6) };
  });
  await page.screenshot({ path: `${shots}/${label}.png`, fullPage: true });
  return result.scrollWidth > result.innerWidth ? { url: label, ...result } : null;
}

async function sweep(page: Page, paths: string[], found: Overflow[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
    const overflow = await measure(page, path.replace(/[^a-z0-9]+/gi, '_') || 'home');
    if (overflow) found.push(overflow);
  }
}

test.use({ viewport: phone });

test('at 390 px no public or sign-in page scrolls sideways', async ({ page }) => {
  test.setTimeout(120_000);
  const found: Overflow[] = [];
  await sweep(
    page,
    [
      '/',
      '/features',
      '/pricing',
      '/contact',
      '/case-studies',
      '/case-studies/healthcare',
      '/case-studies/ecommerce',
      '/case-studies/logistics',
      '/case-studies/banking',
      '/docs',
      '/docs/api',
      '/about',
      '/privacy',
      '/terms',
      '/cookies',
      '/no-such-page',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=expired',
      '/verify-email?email=someone%40example.com',
      '/admin/login',
    ],
    found,
  );
  expect(found).toEqual([]);
});

// A customer with a bot whose long names and a knowledge source fill the screens.
async function signedInOwnerWithBot(page: Page) {
  const owner = await registerTestCustomer(page.request, { verified: true, name: 'Pat Phone' });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
  const created = await page.request.post(`${baseUrl()}/api/bots`, {
    headers: { origin: baseUrl() },
    data: {
      ...botDefaults,
      name: 'Phone-width Penelope, the chatbot with a rather long name',
      allowedDomains: ['shop.example'],
    },
  });
  expect(created.status()).toBe(201);
  const bot = (await created.json()) as Bot;
  const qa = await page.request.post(`${baseUrl()}/api/bots/${bot.id}/qa`, {
    headers: { origin: baseUrl() },
    data: {
      name: 'Frequently asked questions about deliveries, returns and opening hours',
      pairs: [{ question: 'When are you open?', answer: 'Monday to Friday, 9 am to 5 pm.' }],
    },
  });
  expect(qa.status()).toBe(201);
  return bot;
}

test('at 390 px no dashboard page scrolls sideways', async ({ page }) => {
  test.setTimeout(180_000);
  await signedInOwnerWithBot(page);
  const found: Overflow[] = [];
  await sweep(
    page,
    [
      '/dashboard',
      '/dashboard/bots',
      '/dashboard/bots/new',
      '/dashboard/documents',
      '/dashboard/integration',
      '/dashboard/integration?tab=api',
      '/dashboard/conversations',
      '/dashboard/leads',
      '/dashboard/analytics',
      '/dashboard/settings',
      '/dashboard/no-such-page',
    ],
    found,
  );
  expect(found).toEqual([]);
});

test('at 390 px the bot editor, the knowledge tabs and the settings tabs do not scroll sideways', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const bot = await signedInOwnerWithBot(page);
  const found: Overflow[] = [];
  await page.goto(`/dashboard/bots/${bot.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Chatbot' })).toBeVisible({
    timeout: 20_000,
  });
  for (const tab of ['Basic Information', 'Personality & Goals', 'Widget Appearance', 'Training']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Training') {
      await expect(page.getByRole('list', { name: 'Knowledge sources' })).toBeVisible();
    }
    const overflow = await measure(page, `editor-${tab.replace(/[^a-z]+/gi, '-')}`);
    if (overflow) found.push({ ...overflow, url: `${overflow.url} (bot editor)` });
  }

  await page.goto(`/dashboard/documents?botId=${bot.id}`);
  for (const tab of ['Websites', 'Q&A', 'Files']) {
    await page.getByRole('tab', { name: tab }).click();
    const overflow = await measure(page, `documents-${tab.replace(/[^a-z]+/gi, '-')}`);
    if (overflow) found.push({ ...overflow, url: `${overflow.url} (documents)` });
  }

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Model Preferences' }).click();
  const settings = await measure(page, 'settings-model-preferences');
  if (settings) found.push(settings);

  expect(found).toEqual([]);
});

test('at 390 px no back-office page scrolls sideways for a super admin', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithApi(page.request, baseUrl(), staffAccounts.super_admin, staffPassword);
  const found: Overflow[] = [];
  await sweep(page, [...adminRoutes.map((route) => route.path), '/admin/no-such-page'], found);
  expect(found).toEqual([]);
});
