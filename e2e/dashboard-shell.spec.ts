import type { Cookie, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerCustomer,
  signInWithForm,
  staffAccounts,
  staffPassword,
  test,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

// One verified customer for the whole file: sign-ups are rate limited per address.
let cookies: Cookie[] = [];
const customer = {
  name: 'Dana Dashboard',
  email: `shell-${Date.now()}@example.com`,
  password: 'customer-pass-1',
};

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await registerCustomer(request, customer);
  cookies = (await request.storageState()).cookies;
  await request.dispose();
});

async function openAsCustomer(page: Page, path = '/dashboard') {
  await page.context().addCookies(cookies);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const pages = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    subtitle: 'Monitor your chatbots and user activity in real-time',
  },
  { path: '/dashboard/bots', title: 'Chatbots' },
  { path: '/dashboard/bots/new', title: 'Create New Chatbot' },
  { path: '/dashboard/bots/abc', title: 'Edit Chatbot' },
  {
    path: '/dashboard/documents',
    title: 'Documents',
    subtitle: 'Upload and manage documents for your chatbots',
  },
  {
    path: '/dashboard/integration',
    title: 'Integration',
    subtitle: 'Add your AI chatbot to your website or integrate it with your mobile app.',
  },
  { path: '/dashboard/analytics', title: 'Analytics' },
  {
    path: '/dashboard/settings',
    title: 'Settings',
    subtitle: 'Manage your account settings and preferences',
  },
];

test('the sidebar lists the customer pages, marks the current one and shows the trial', async ({
  page,
}) => {
  await openAsCustomer(page);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  const expected = [
    ['Dashboard', '/dashboard'],
    ['Chatbots', '/dashboard/bots'],
    ['Documents', '/dashboard/documents'],
    ['Integration', '/dashboard/integration'],
    ['Analytics', '/dashboard/analytics'],
    ['Settings', '/dashboard/settings'],
  ];
  for (const [name, href] of expected) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
  }
  await expect(sidebar.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('current-plan')).toHaveText('Current Plan: Free Trial');
  await expect(page.getByTestId('trial-status')).toHaveText('14 days left');
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    '/dashboard/settings',
  );
  await expectNoSeriousA11yViolations(page);

  for (const { path, title, subtitle } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    if (subtitle) await expect(page.getByText(subtitle, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`Askwell — ${title}`);
  }
  await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the header links to the website and its Case Studies menu works by keyboard', async ({
  page,
}) => {
  await openAsCustomer(page);
  const website = page.getByRole('navigation', { name: 'Website' });
  await expect(website.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(website.getByRole('link', { name: 'Features' })).toHaveAttribute(
    'href',
    '/features',
  );
  await expect(website.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');

  const trigger = website.getByRole('button', { name: 'Case Studies' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  for (const [name, href] of [
    ['Healthcare', '/case-studies/healthcare'],
    ['Logistics', '/case-studies/logistics'],
    ['Banking', '/case-studies/banking'],
    ['E-commerce', '/case-studies/ecommerce'],
    ['View all case studies', '/case-studies'],
  ]) {
    await expect(website.getByRole('link', { name: new RegExp(name!) })).toHaveAttribute(
      'href',
      href!,
    );
  }
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(trigger).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(website.getByRole('link', { name: /Healthcare/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(website.getByRole('link', { name: /Logistics/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/case-studies\/logistics$/);
});

test('search finds pages, notifications open a panel, and the profile can be renamed', async ({
  page,
}) => {
  await openAsCustomer(page);
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill('integr');
  await expect(page.getByRole('option', { name: /Integration/ })).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/integration$/);
  await search.fill('zzzz');
  await expect(page.getByText('Nothing matches “zzzz”')).toBeVisible();
  await search.press('Escape');

  const bell = page.getByRole('button', { name: 'Notifications' });
  await bell.click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('No active alerts'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('First name').fill('Dani');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByTestId('user-menu-name')).toHaveText('Dani Dashboard');
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Dani');
});

test('on a 390 px phone the sidebar toggles, closes on Escape and on navigation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsCustomer(page);
  await expectNoHorizontalScroll(page);
  const toggle = page.getByRole('button', { name: 'Open sidebar' });
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toBeHidden();

  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close sidebar' })).toBeVisible();
  await expect(sidebar).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(sidebar).toBeVisible();
  await page.getByTestId('dashboard-sidebar-overlay').click({ position: { x: 370, y: 400 } });
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await sidebar.getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents$/);
  await expect(sidebar).toBeHidden();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('an unknown dashboard address shows the error inside the dashboard, with a way back', async ({
  page,
}) => {
  await page.context().addCookies(cookies);
  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByTestId('error-status')).toHaveText('404 Not Found');
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeAttached();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('staff see an Admin Panel entry in the customer sidebar', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, staffAccounts.super_admin, staffPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Admin Panel' }),
  ).toHaveAttribute('href', '/admin');
});

test('signing out from the user menu ends the session, on /login even when the page renders slowly', async ({
  page,
}) => {
  await openAsCustomer(page);
  // A slow device widens the gap between the session ending and the sign-in page rendering, which
  // is when a route guard could send the user to /login?redirect=… instead.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(visited.filter((url) => url.includes('redirect='))).toEqual([]);
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fsettings$/);
});
