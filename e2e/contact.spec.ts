import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const confirmation = 'Thanks for reaching out! Our sales team will reply within one business day.';

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

async function expectFieldError(page: Page, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

async function fillValid(page: Page, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    Name: 'Jordan Lee',
    'Work email': 'jordan.lee@northpeak.io',
    Company: 'Northpeak',
    Message: 'We would like a demo for our support team of 25 people.',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value ?? '');
}

test.describe('contact form validation', () => {
  test('when the form is sent empty, then every field says what is missing', async ({ page }) => {
    // The page's code arrives late: until it has, 'Send message' is disabled, so an early click
    // neither submits the form natively (its fields in the URL) nor vanishes.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/public-[^/.]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    release();
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posted = true;
    });
    await page.getByRole('button', { name: 'Send message' }).click();

    await expectFieldError(page, 'Name', 'Please enter your name.');
    await expectFieldError(page, 'Work email', 'Please enter your work email.');
    await expectFieldError(page, 'Company', 'Please enter your company.');
    await expectFieldError(page, 'Message', 'Please write at least 10 characters so we can help.');
    await expect(field(page, 'Name')).toBeFocused();
    expect(posted).toBe(false);
  });

  test('when the email is not an address, then the email field says so', async ({ page }) => {
    await page.goto('/contact');
    await fillValid(page, { 'Work email': 'jordan at northpeak' });
    await page.getByRole('button', { name: 'Send message' }).click();

    await expectFieldError(page, 'Work email', 'Please enter a valid email address.');
    await expect(field(page, 'Work email')).toBeFocused();
    await expect(field(page, 'Name')).toHaveAttribute('aria-invalid', 'false');
    await expect(field(page, 'Company')).toHaveAttribute('aria-invalid', 'false');
  });

  test('when the email is a free-mail address, then it asks for a work email', async ({ page }) => {
    await page.goto('/contact');
    await fillValid(page, { 'Work email': 'jordan.lee@gmail.com' });
    await page.getByRole('button', { name: 'Send message' }).click();

    await expectFieldError(page, 'Work email', 'Please use your work email address.');
    await expect(field(page, 'Work email')).toBeFocused();

    await field(page, 'Work email').fill('jordan.lee@northpeak.io');
    await expect(field(page, 'Work email')).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText('Please use your work email address.')).toHaveCount(0);
  });
});

// The API allows five contact messages per visitor every ten minutes, and every request here comes
// from the same address, so these steps share one budget and run in order.
test.describe.serial('sending a contact message', () => {
  test('when the form is valid, then the message is stored and the confirmation replaces it', async ({
    page,
  }) => {
    await page.goto('/contact');
    await fillValid(page);
    const responsePromise = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/contact') && response.request().method() === 'POST',
    );
    // The real request is held back until the pending state has been seen: a fast server would
    // otherwise answer before the test could look.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();

    const response = await responsePromise;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { id: string; message: string };
    expect(body.id).toBeTruthy();

    // The toast goes away by itself, so it is looked at first and its place measured while it is
    // certainly there: measuring a toast that has just left would wait for it forever.
    const toast = page.getByRole('status').filter({ hasText: 'Your message has been sent.' });
    await expect(toast).toBeVisible();
    const viewport = page.viewportSize();
    const box = await toast.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { right: rect.right, top: rect.top };
    });
    expect(viewport && box.right > viewport.width / 2 && box.top < 120).toBe(true);

    await expect(page.getByTestId('contact-confirmation')).toHaveText(confirmation);
    await expect(page.getByRole('button', { name: 'Send message' })).toHaveCount(0);
    await expect(field(page, 'Name')).toHaveCount(0);
  });

  test('when the API gets bad fields, then it names each one; a second good message gets its own id', async ({
    request,
  }) => {
    const bad = await request.post('/api/contact', {
      data: { name: '', email: 'someone@gmail.com', company: '', message: 'hi' },
    });
    expect(bad.status()).toBe(400);
    const error = (await bad.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(error.error.fields).toMatchObject({
      name: 'Please enter your name.',
      email: 'Please use your work email address.',
      company: 'Please enter your company.',
      message: 'Please write at least 10 characters so we can help.',
    });

    const payload = {
      name: 'Sam Carter',
      email: 'sam@harbortrust.example',
      company: 'Harbor Trust',
      message: 'Please send pricing for three chatbots.',
    };
    const first = await request.post('/api/contact', { data: payload });
    const second = await request.post('/api/contact', { data: payload });
    expect(first.status()).toBe(201);
    expect(second.status()).toBe(201);
    const [a, b] = (await Promise.all([first.json(), second.json()])) as {
      id: string;
      message: string;
    }[];
    expect(a?.message).toBe(confirmation);
    expect(b?.message).toBe(confirmation);
    expect(a?.id).not.toBe(b?.id);
  });

  test('when the visitor has sent too many messages, then the form shows the reason and keeps the text', async ({
    page,
    request,
  }) => {
    const payload = {
      name: 'Sam Carter',
      email: 'sam@harbortrust.example',
      company: 'Harbor Trust',
      message: 'Following up on pricing for three chatbots.',
    };
    let status = 0;
    for (let attempt = 0; attempt < 6 && status !== 429; attempt++) {
      status = (await request.post('/api/contact', { data: payload })).status();
    }
    expect(status).toBe(429);

    await page.goto('/contact');
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Too many requests' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/Please try again in \d+ (minute|minutes|seconds?)\./);
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await expect(field(page, 'Message')).toHaveValue(
      'We would like a demo for our support team of 25 people.',
    );
    await expect(page.getByTestId('contact-confirmation')).toHaveCount(0);
  });
});
