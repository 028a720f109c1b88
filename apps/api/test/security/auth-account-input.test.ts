import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../helper';
import { BrowserClient } from '../support/browser-client';
import { codeFrom, startSmtpSink } from '../support/smtp-sink';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ipCounter = 0;
let emailCounter = 0;
const password = 'correct horse battery';

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});

// A verified customer, signed in through the e-mail code, with the answer that set the cookie.
async function signedInCustomer(context: TestContext, headers: Record<string, string> = {}) {
  const browser = new BrowserClient(context.app, `10.4.0.${++ipCounter}`);
  const email = `account${++emailCounter}@example.com`;
  const signUp = await browser.post('/api/auth/sign-up/email', {
    name: 'Grace Hopper',
    email,
    password,
  });
  expect(signUp.statusCode).toBe(200);
  const verified = await browser.post(
    '/api/auth/email-otp/verify-email',
    { email, otp: codeFrom(await sink.waitForMail(email)) },
    headers,
  );
  expect(verified.statusCode).toBe(200);
  return { browser, verified };
}

describe('changing the profile through better-auth', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await context.close();
  });

  test.each([
    ['a 121-character name', { name: 'N'.repeat(121) }, 'name', 'Name is too long.'],
    ['a blank name', { name: '   ' }, 'name', 'Please enter your full name.'],
    [
      'a javascript: picture',
      { image: 'javascript:alert(document.cookie)' },
      'image',
      'Please use an https:// image address.',
    ],
    [
      'a plain-http picture',
      { image: 'http://tracker.example/pixel.png' },
      'image',
      'Please use an https:// image address.',
    ],
    [
      'a data: picture',
      { image: 'data:image/svg+xml,<svg onload=alert(1)>' },
      'image',
      'Please use an https:// image address.',
    ],
  ])(
    'when update-user is sent %s, then it is refused naming the field and nothing changes',
    async (_label, body, field, message) => {
      const { browser } = await signedInCustomer(context);
      const response = await browser.post('/api/auth/update-user', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_error',
        fields: { [field]: message },
      });
      const me = (await browser.get('/api/me')).json();
      expect(me).toMatchObject({ name: 'Grace Hopper', image: null });
    },
  );

  test('when update-user is sent a name and an https picture, then the profile shows both', async () => {
    const { browser } = await signedInCustomer(context);
    const response = await browser.post('/api/auth/update-user', {
      name: '  Ada King Lovelace ',
      image: 'https://images.example/ada.png',
    });
    expect(response.statusCode).toBe(200);
    expect((await browser.get('/api/me')).json()).toMatchObject({
      name: 'Ada King Lovelace',
      first_name: 'Ada',
      last_name: 'King Lovelace',
      image: 'https://images.example/ada.png',
    });
    const cleared = await browser.post('/api/auth/update-user', { image: null });
    expect(cleared.statusCode).toBe(200);
    expect((await browser.get('/api/me')).json().image).toBeNull();
  });
});

describe('cookies behind a proxy that ends TLS', () => {
  const sessionCookie = (response: Awaited<ReturnType<typeof signedInCustomer>>['verified']) =>
    response.cookies.find((cookie) => cookie.name.endsWith('session_token'));

  test('when TRUST_PROXY is set and the proxy says https, then the session cookie is Secure', async () => {
    const context = await createTestApp({ envVars: { SMTP_URL: sink.url, TRUST_PROXY: 'true' } });
    try {
      const proxied = await signedInCustomer(context, { 'x-forwarded-proto': 'https' });
      expect(sessionCookie(proxied.verified)).toMatchObject({ secure: true, httpOnly: true });
      const plain = await signedInCustomer(context);
      expect(sessionCookie(plain.verified)?.secure).toBeFalsy();
    } finally {
      await context.close();
    }
  });

  test('when TRUST_PROXY is not set, then a client claiming https does not change the cookie', async () => {
    const context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
    try {
      const claimed = await signedInCustomer(context, { 'x-forwarded-proto': 'https' });
      expect(sessionCookie(claimed.verified)?.secure).toBeFalsy();
    } finally {
      await context.close();
    }
  });
});
