import { authMessages } from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import { BrowserClient } from './support/browser-client';
import { codeFrom, linkFrom, startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ipCounter = 0;
let emailCounter = 0;
const newBrowser = () => new BrowserClient(context.app, `10.1.0.${++ipCounter}`);
const newEmail = () => `person${++emailCounter}@example.com`;
const password = 'correct horse battery';

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

async function register(browser: BrowserClient, email: string, name = 'Grace Brewster Hopper') {
  return browser.post('/api/auth/sign-up/email', { name, email, password });
}

async function registerAndVerify(browser: BrowserClient, email = newEmail()) {
  await register(browser, email);
  const code = codeFrom(await sink.waitForMail(email));
  const verified = await browser.post('/api/auth/email-otp/verify-email', { email, otp: code });
  expect(verified.statusCode).toBe(200);
  return email;
}

describe('registration', () => {
  test('when a visitor registers, then the profile is created unverified with a 14-day trial and a code is mailed', async () => {
    const browser = newBrowser();
    const email = newEmail();
    const response = await register(browser, email);
    expect(response.statusCode).toBe(200);
    expect(browser.hasSession()).toBe(false);

    const { rows } = await context.database.pool.query(
      'select first_name, last_name, role, subscription_tier, email_verified, trial_ends_at from users where email = $1',
      [email],
    );
    expect(rows[0]).toMatchObject({
      first_name: 'Grace',
      last_name: 'Brewster Hopper',
      role: 'user',
      subscription_tier: 'free',
      email_verified: false,
    });
    const trialDays = (rows[0].trial_ends_at.getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);

    const mail = await sink.waitForMail(email);
    expect(mail.subject).toMatch(/^Your Askwell verification code: \d{6}$/);
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
  });

  test('when the e-mail is already registered (in any case), then the spec message is shown', async () => {
    const email = newEmail();
    await register(newBrowser(), email);
    const response = await register(newBrowser(), email.toUpperCase());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(authMessages.duplicateEmail);
  });

  test.each([
    [
      { name: 'A', email: 'short@example.com', password: 'short' },
      'Password must be at least 8 characters long.',
    ],
    [{ name: 'A', email: 'not-an-email', password }, 'Please enter a valid email address.'],
  ])(
    'when the input is bad (%o), then it is refused with a clear message',
    async (body, message) => {
      const response = await newBrowser().post('/api/auth/sign-up/email', body);
      expect(response.statusCode).toBe(400);
      expect(
        Object.values(response.json().error.fields ?? { message: response.json().error.message }),
      ).toEqual([message]);
    },
  );

  test('when fields are missing, then it is refused and no account is created', async () => {
    const response = await newBrowser().post('/api/auth/sign-up/email', { email: 'x@example.com' });
    expect(response.statusCode).toBe(400);
    const { rowCount } = await context.database.pool.query(
      "select 1 from users where email = 'x@example.com'",
    );
    expect(rowCount).toBe(0);
  });
});

describe('e-mail verification', () => {
  test('when the right code is entered, then the visitor is signed in and verified', async () => {
    const browser = newBrowser();
    const email = await registerAndVerify(browser);
    expect(browser.hasSession()).toBe(true);
    const me = await browser.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, email_verified: true, is_admin: false, role: 'user' });
  });

  test('when the session cookie is set, then it is httpOnly and SameSite=Lax', async () => {
    const browser = newBrowser();
    const email = newEmail();
    await register(browser, email);
    const response = await browser.post('/api/auth/email-otp/verify-email', {
      email,
      otp: codeFrom(await sink.waitForMail(email)),
    });
    const session = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  test('when a wrong code is entered, then "Invalid verification code"; after 5 tries even the right one fails', async () => {
    const browser = newBrowser();
    const email = newEmail();
    await register(browser, email);
    const code = codeFrom(await sink.waitForMail(email));
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await browser.post('/api/auth/email-otp/verify-email', { email, otp: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().error.message).toBe(authMessages.invalidCode);
    for (let attempt = 2; attempt <= 5; attempt++) {
      await browser.post('/api/auth/email-otp/verify-email', { email, otp: wrong });
    }
    const late = await browser.post('/api/auth/email-otp/verify-email', { email, otp: code });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(late.json().error.message).toBe(
      'Too many wrong codes. Please request a new verification code.',
    );
    expect(browser.hasSession()).toBe(false);
  });

  test('when the code is older than 10 minutes, then it is refused as expired', async () => {
    const browser = newBrowser();
    const email = newEmail();
    await register(browser, email);
    const code = codeFrom(await sink.waitForMail(email));
    await context.database.pool.query(
      "update verifications set expires_at = now() - interval '1 second' where identifier like $1",
      [`%${email}%`],
    );
    const response = await browser.post('/api/auth/email-otp/verify-email', { email, otp: code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'This verification code has expired. Please request a new one.',
    );
  });

  test('when a code is resent a fourth time within 10 minutes, then it is throttled with Retry-After', async () => {
    const email = newEmail();
    await register(newBrowser(), email);
    for (let attempt = 0; attempt < 3; attempt++) {
      const sent = await newBrowser().post('/api/auth/email-otp/send-verification-otp', {
        email,
        type: 'email-verification',
      });
      expect(sent.statusCode).toBe(200);
    }
    const throttled = await newBrowser().post('/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'email-verification',
    });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json().error.message).toMatch(/^Too many attempts for this account/);
  });
});

describe('sign-in', () => {
  test('when an unverified account signs in, then it is refused with the spec message and a new code is mailed', async () => {
    const email = newEmail();
    await register(newBrowser(), email);
    await sink.waitForMail(email, 1);
    const browser = newBrowser();
    const response = await browser.post('/api/auth/sign-in/email', { email, password });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(authMessages.unverified);
    expect(browser.hasSession()).toBe(false);
    const second = await sink.waitForMail(email, 2);
    expect(codeFrom(second)).toMatch(/^\d{6}$/);
  });

  test('when the password is wrong or the account unknown, then the same message is given', async () => {
    const email = await registerAndVerify(newBrowser());
    const wrongPassword = await newBrowser().post('/api/auth/sign-in/email', {
      email,
      password: 'not the password',
    });
    const unknown = await newBrowser().post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json().error.message).toBe('Invalid email or password.');
    expect(unknown.json().error.message).toBe('Invalid email or password.');
  });

  test('when signed in and signed out, then the profile is reachable only in between', async () => {
    const email = await registerAndVerify(newBrowser());
    const browser = newBrowser();
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    const signIn = await browser.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(200);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    await browser.post('/api/auth/sign-out', {});
    const after = await browser.get('/api/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({
      code: 'unauthorized',
      message: 'Please sign in to continue.',
    });
  });

  test('when an account signs in twice, then each sign-in gets a new session token', async () => {
    const email = await registerAndVerify(newBrowser());
    const first = newBrowser();
    const second = newBrowser();
    await first.post('/api/auth/sign-in/email', { email, password });
    await second.post('/api/auth/sign-in/email', { email, password });
    expect(first.cookieHeader()).not.toBe(second.cookieHeader());
  });

  test('when a restored session belongs to a profile that is no longer verified, then it is signed out', async () => {
    const browser = newBrowser();
    const email = await registerAndVerify(browser);
    await context.database.pool.query('update users set email_verified = false where email = $1', [
      email,
    ]);
    const response = await browser.get('/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(authMessages.unverified);
    const { rowCount } = await context.database.pool.query(
      'select 1 from sessions s join users u on u.id = s.user_id where u.email = $1',
      [email],
    );
    expect(rowCount).toBe(0);
  });

  test('when one address keeps guessing passwords, then it is rate limited with Retry-After', async () => {
    const browser = newBrowser();
    let last;
    for (let attempt = 0; attempt < 31; attempt++) {
      last = await browser.post('/api/auth/sign-in/email', {
        email: `guess${attempt}@example.com`,
        password,
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().error.code).toBe('rate_limited');
  });

  test('when one account is guessed from many addresses, then it is throttled only at the global ceiling', async () => {
    const email = await registerAndVerify(newBrowser());
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await newBrowser().post('/api/auth/sign-in/email', {
        email,
        password: 'wrong password',
      });
      expect(response.statusCode).toBe(401);
    }
    // The rest of the hour's 100 failures, as if they had come from yet more addresses.
    await context.database.pool.query('update throttles set count = 100 where key = $1', [
      `sign-in:${email}`,
    ]);
    const throttled = await newBrowser().post('/api/auth/sign-in/email', { email, password });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.message).toMatch(/^Too many attempts for this account/);
  });
});

describe('password reset', () => {
  test('when a reset link is used, then the new password works, the old one does not, and all sessions end', async () => {
    const signedIn = newBrowser();
    const email = await registerAndVerify(signedIn);
    expect((await signedIn.get('/api/me')).statusCode).toBe(200);

    const request = await newBrowser().post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(request.statusCode).toBe(200);
    const mail = await sink.waitForMail(email, 2);
    expect(mail.subject).toBe('Reset your Askwell password');
    const link = new URL(linkFrom(mail));

    const landing = await newBrowser().get(`${link.pathname}${link.search}`);
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, 'http://localhost');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const newPassword = 'a brand new passphrase';
    const reset = await newBrowser().post('/api/auth/reset-password', { token, newPassword });
    expect(reset.statusCode).toBe(200);

    expect((await signedIn.get('/api/me')).statusCode).toBe(401);
    expect(
      (await newBrowser().post('/api/auth/sign-in/email', { email, password })).statusCode,
    ).toBe(401);
    expect(
      (await newBrowser().post('/api/auth/sign-in/email', { email, password: newPassword }))
        .statusCode,
    ).toBe(200);

    const reused = await newBrowser().post('/api/auth/reset-password', {
      token,
      newPassword: 'yet another one!',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(
      'This reset link is invalid or has expired. Please request a new one.',
    );
  });

  test('when a reset is asked for an unknown address, then the answer is the same and no mail is sent', async () => {
    const known = await registerAndVerify(newBrowser());
    const forKnown = await newBrowser().post('/api/auth/request-password-reset', {
      email: known,
      redirectTo: '/reset-password',
    });
    const forUnknown = await newBrowser().post('/api/auth/request-password-reset', {
      email: 'ghost@example.com',
      redirectTo: '/reset-password',
    });
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.json()).toEqual(forKnown.json());
    await sink.waitForMail(known, 2);
    expect(sink.mailsTo('ghost@example.com')).toHaveLength(0);
  });
});

describe('profile', () => {
  test('when a signed-in user renames themself from our page, then the profile changes', async () => {
    const browser = newBrowser();
    await registerAndVerify(browser);
    const response = await browser.patch('/api/me', { first_name: 'Amazing', last_name: 'Grace' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Amazing',
      last_name: 'Grace',
      name: 'Amazing Grace',
    });
  });

  test('when a write comes from another site with the session cookie, then it is refused', async () => {
    const browser = newBrowser();
    await registerAndVerify(browser);
    const forged = await browser.patch(
      '/api/me',
      { first_name: 'Mallory', last_name: '' },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
    expect((await browser.get('/api/me')).json().first_name).toBe('Grace');
  });
});

describe('auth configuration', () => {
  test('when Google is not configured, then the app says so', async () => {
    const response = await newBrowser().get('/api/auth-config');
    expect(response.json()).toEqual({ google: false });
  });
});
