import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';

export const test = base.extend({
  // The server starts on a free port in global setup, after this config was read.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the tests with playwright.config.ts');
    await use(url);
  },
});

export { expect };

// Staff accounts that global setup creates with `npm run admin:create`, one per staff role.
export const staffPassword = 'staff-password-e2e';
export const staffAccounts = {
  super_admin: 'super@askwell.test',
  sales_manager: 'sales@askwell.test',
  support_team: 'support@askwell.test',
} as const;
// The profile spec changes its account's name and password, and a new password signs the account
// out everywhere: it has a sales manager of its own, so specs running beside it keep theirs.
export const profileStaffAccount = {
  role: 'sales_manager',
  email: 'petra@askwell.test',
  name: 'Petra Profile',
} as const;

// Waits until no finite animation or CSS transition is running (a sidebar sliding open or shut
// after a click or a change of viewport). Spinners loop for ever and are left alone. Reading
// getAnimations() applies pending style changes first, so a transition that a resize has just
// caused is already counted.
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.effect?.getComputedTiming().iterations === Infinity ||
          animation.playState !== 'running',
      ),
  );
}

export async function expectNoSeriousA11yViolations(page: Page) {
  // Text caught half-way through a fade (a toast sliding in) measures as low contrast; let finite
  // animations end first. Spinners loop for ever and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Toasts are left out: one that starts its exit fade while axe runs (seconds on a loaded
  // machine) measures as low contrast. Settled, they are react-hot-toast's #363636 on white (12.6:1).
  const results = await new AxeBuilder({ page }).exclude('.app-toasts').analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `serious accessibility violations on ${page.url()}`).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(overflow.scrollWidth, `horizontal scroll on ${page.url()}`).toBeLessThanOrEqual(
    overflow.clientWidth,
  );
}

export type SentMail = { to: string[]; subject: string; text: string };

// Mail the server sent through SMTP, read from the sink that global setup started.
export async function waitForMail(to: string, count = 1): Promise<SentMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${process.env.E2E_MAIL_API}/?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as SentMail[];
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export function codeIn(mail: SentMail) {
  const code = /verification code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

export function resetLinkIn(mail: SentMail) {
  const link = /(https?:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}

export type CustomerAccount = { name: string; email: string; password: string };

// Unique per test and per run, so specs never trip over each other's accounts.
export function newCustomer(testInfo: TestInfo, label: string): CustomerAccount {
  const id = `${label}-${testInfo.testId}-${Date.now()}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
  return { name: 'Casey Customer', email: `${id}@example.com`, password: 'customer-pass-1' };
}

// A customer's own address (documentation ranges, never dialled): the suite registers far more
// customers than one person would from one address, and the server (TRUST_PROXY in global-setup)
// limits sign-ups per address.
function customerAddress() {
  const network = Math.random() < 0.5 ? '198.51.100' : '203.0.113';
  return `${network}.${1 + Math.floor(Math.random() * 254)}`;
}

// Registers through the real sign-up endpoint and, unless told otherwise, verifies with the code
// from the SMTP sink: the request context (a page's `page.request` shares the browser's cookies)
// ends up signed in, without spending a sign-in. Verifying gives the account its demo data; it is
// cleared again through the real endpoint, so specs start from an empty account unless they ask
// to keep it.
export async function registerCustomer(
  request: APIRequestContext,
  account: CustomerAccount,
  { verified = true, keepDemo = false }: { verified?: boolean; keepDemo?: boolean } = {},
) {
  const origin = process.env.E2E_BASE_URL!;
  const headers = { origin, 'x-forwarded-for': customerAddress() };
  const signUp = await request.post(`${origin}/api/auth/sign-up/email`, {
    data: { name: account.name, email: account.email, password: account.password },
    headers,
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  if (!verified) return;
  const code = codeIn(await waitForMail(account.email));
  const verify = await request.post(`${origin}/api/auth/email-otp/verify-email`, {
    data: { email: account.email, otp: code },
    headers,
  });
  expect(verify.status(), await verify.text()).toBe(200);
  if (keepDemo) return;
  const cleared = await request.delete(`${origin}/api/dashboard/demo-data`, { headers });
  expect(cleared.status(), await cleared.text()).toBe(204);
}

export async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

type RequestContext = Page['request'];

export type TestAccount = { email: string; password: string; name: string };

export const customerPassword = 'customer-password-e2e';

// Cookie-authenticated writes must name their origin, as a browser does.
function originHeader(baseURL: string) {
  return { Origin: new URL(baseURL).origin };
}

// A fresh customer account with a unique address, registered (and verified when asked).
export async function registerTestCustomer(
  request: RequestContext,
  {
    verified,
    name = 'Casey Customer',
    keepDemo = false,
  }: { verified: boolean; name?: string; keepDemo?: boolean },
): Promise<TestAccount> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const account = { email: `customer-${unique}@example.test`, password: customerPassword, name };
  await registerCustomer(request, account, { verified, keepDemo });
  return account;
}

// A staff member's page in a browser context of its own, signed in through the API.
export async function signedInStaffPage(browser: Browser, email: string) {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInWithApi(page.request, baseURL, email, staffPassword);
  return page;
}

export async function signInWithApi(
  request: RequestContext,
  baseURL: string,
  email: string,
  password: string,
) {
  // Sign-ins are limited per address (30 in 5 minutes): on a fast machine the suite signs in more
  // often than that, so each sign-in comes from an address of its own, as sign-ups do.
  const response = await request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { ...originHeader(baseURL), 'x-forwarded-for': customerAddress() },
    data: { email, password },
  });
  expect(response.status(), `sign-in as ${email} failed: ${await response.text()}`).toBe(200);
}

// Spec §2's admin sidebar table and §6's route rules, written out here so that the tests check
// the product against the spec rather than against its own tables.
export const adminRoutes = [
  { path: '/admin', label: 'Dashboard', heading: 'Dashboard' },
  { path: '/admin/users', label: 'Users', heading: 'Users' },
  { path: '/admin/chatbots', label: 'Chatbots', heading: 'Chatbots' },
  // Not in the spec's table: the dashboard's Training Jobs section as a list, for the dashboard's roles.
  { path: '/admin/jobs', label: 'Training Jobs', heading: 'Training Jobs' },
  { path: '/admin/analytics', label: 'Analytics', heading: 'Analytics' },
  { path: '/admin/tickets', label: 'Support Tickets', heading: 'Support Tickets' },
  { path: '/admin/logs', label: 'Audit Logs', heading: 'Audit Logs' },
  { path: '/admin/notifications', label: 'Notifications', heading: 'Notifications' },
  { path: '/admin/roles', label: 'Roles & Permissions', heading: 'Role Management' },
  { path: '/admin/settings', label: 'Settings', heading: 'Settings' },
  { path: '/admin/profile', label: null, heading: 'Profile' },
] as const;

export const adminAccess = {
  super_admin: [
    '/admin',
    '/admin/users',
    '/admin/chatbots',
    '/admin/jobs',
    '/admin/analytics',
    '/admin/tickets',
    '/admin/logs',
    '/admin/notifications',
    '/admin/roles',
    '/admin/settings',
    '/admin/profile',
  ],
  sales_manager: [
    '/admin',
    '/admin/users',
    '/admin/chatbots',
    '/admin/jobs',
    '/admin/analytics',
    '/admin/profile',
  ],
  support_team: ['/admin', '/admin/chatbots', '/admin/jobs', '/admin/tickets', '/admin/profile'],
  user: [],
} as const satisfies Record<string, readonly string[]>;

// Every admin route either shows its page or sends the visitor to the access-denied page, whose
// 'Return to Dashboard' leads staff to /admin and customers to their own /dashboard.
export async function expectAdminRouteAccess(
  page: Page,
  allowed: readonly string[],
  returnTo: '/admin' | '/dashboard' = '/admin',
) {
  for (const route of adminRoutes) {
    await page.goto(route.path);
    if (allowed.includes(route.path)) {
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page, `${route.path} should open`).toHaveURL(new RegExp(`${route.path}$`));
    } else {
      await expect(page, `${route.path} should be refused`).toHaveURL(/\/admin\/unauthorized$/);
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute(
        'href',
        returnTo,
      );
    }
  }
}

export async function expectAdminSidebar(page: Page, allowed: readonly string[]) {
  const expected = adminRoutes.flatMap((route) =>
    route.label && allowed.includes(route.path) ? [route.label] : [],
  );
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link')).toHaveText(expected);
}
