import { botDefaults, planDefinitions, quotaExceededMessage } from '@askwell/shared';
import {
  animationsSettled,
  expect,
  expectNoHorizontalScroll,
  registerTestCustomer,
  signInWithApi,
  test,
} from './fixtures';
import { serverQuery } from './support/server-database';

const shots = 'test-results/screens/plans';
const free = planDefinitions.free.limits;

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

// The 14 days ran out without a subscription: no screen can make that happen sooner.
async function endTrial(email: string) {
  await serverQuery(`update users set trial_ends_at = now() - interval '1 day' where email = $1`, [
    email,
  ]);
}

test('a Free account cannot create a second chatbot, is told why, and sees its usage', async ({
  page,
}) => {
  test.slow();
  const owner = await registerTestCustomer(page.request, { verified: true, name: 'Fran Free' });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
  const created = await page.request.post('/api/bots', {
    headers: { Origin: new URL(baseUrl()).origin },
    data: { ...botDefaults, name: 'First Bot' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/dashboard');
  await expect(page.getByTestId('current-plan')).toHaveText('Current Plan: Free Trial');
  await endTrial(owner.email);

  await page.goto('/dashboard/bots/new');
  await expect(page.getByTestId('current-plan')).toHaveText('Current Plan: Free');
  await expect(page.getByTestId('trial-status')).toHaveCount(0);
  await expect(
    page.getByTestId('sidebar-usage-meter').getByRole('meter', { name: 'Messages this month' }),
  ).toHaveAttribute('aria-valuetext', `0 / ${free.messagesPerMonth.toLocaleString('en')}`);

  await page.getByLabel(/^Chatbot name/).fill('Second Bot');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(quotaExceededMessage('chatbots', 'free'))).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/bots\/new$/);

  // Hiding the Askwell line is a Premium feature: shown, switched off, with how to get it.
  await page.getByRole('tab', { name: 'Widget Appearance' }).click();
  const branding = page.getByRole('switch', { name: 'Hide “Powered by Askwell”' });
  await expect(branding).toBeDisabled();
  await expect(branding).not.toBeChecked();
  await expect(page.getByText(quotaExceededMessage('removeBranding', 'free'))).toBeVisible();
  await branding.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/plans/branding-free-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await branding.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/plans/branding-free-390.png' });
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('own-provider-inactive')).toHaveText(
    quotaExceededMessage('ownProviderKeys', 'free'),
  );
  await page.screenshot({
    path: 'test-results/screens/plans/settings-free-390.png',
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({
    path: 'test-results/screens/plans/settings-free-1280.png',
    fullPage: true,
  });

  await page.goto('/dashboard/settings#plan-billing');
  const section = page.locator('#plan-billing');
  await expect(section.getByRole('heading', { name: 'Plan & Billing' })).toBeVisible();
  await expect(section.getByTestId('plan-name')).toHaveText('Free');
  await expect(section.getByRole('meter', { name: 'Chatbots' })).toHaveAttribute(
    'aria-valuetext',
    `1 / ${free.chatbots}`,
  );
  await expect(section.getByRole('meter', { name: 'Messages this month' })).toHaveAttribute(
    'aria-valuetext',
    `0 / ${free.messagesPerMonth.toLocaleString('en')}`,
  );
  await section.screenshot({ path: `${shots}/plan-billing-desktop.png` });
  await page
    .locator('aside')
    .first()
    .screenshot({ path: `${shots}/sidebar-desktop.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/settings#plan-billing');
  await expect(section.getByTestId('plan-name')).toHaveText('Free');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${shots}/plan-billing-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(page.getByTestId('sidebar-usage-meter')).toBeVisible();
  await animationsSettled(page);
  await page.screenshot({ path: `${shots}/sidebar-phone.png` });
});
