import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../helper';
import { BrowserClient } from '../support/browser-client';
import { codeFrom, startSmtpSink, type ReceivedMail } from '../support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ipCounter = 0;
let emailCounter = 0;
// An attacker with a botnet: every request from a fresh address, so per-IP limits never help.
const fromNewAddress = () =>
  new BrowserClient(context.app, `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);
const newEmail = () => `target${++emailCounter}@example.com`;
const password = 'correct horse battery';
const lockSubject = 'Verification codes for your Askwell account are paused';
const isCodeMail = (mail: ReceivedMail) =>
  mail.subject.startsWith('Your Askwell verification code');

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

async function register(email: string) {
  const response = await fromNewAddress().post('/api/auth/sign-up/email', {
    name: 'Tess Target',
    email,
    password,
  });
  expect(response.statusCode).toBe(200);
  return codeFrom(await sink.waitForMail(email));
}

async function registerAndVerify(email: string) {
  const code = await register(email);
  const verified = await fromNewAddress().post('/api/auth/email-otp/verify-email', {
    email,
    otp: code,
  });
  expect(verified.statusCode).toBe(200);
}

describe('better-auth endpoints the product does not use', () => {
  test.each([
    ['POST', '/api/auth/email-otp/request-password-reset'],
    ['POST', '/api/auth/forget-password/email-otp'],
    ['POST', '/api/auth/email-otp/reset-password'],
    ['POST', '/api/auth/email-otp/check-verification-otp'],
    ['POST', '/api/auth/sign-in/email-otp'],
    ['POST', '/api/auth/email-otp/request-email-change'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/change-email'],
    ['GET', '/api/auth/verify-email'],
    ['GET', '/api/auth/ok'],
    ['POST', '/api/auth/an-endpoint-a-later-version-adds'],
  ] as const)('when %s %s is called, then it is not found', async (method, url) => {
    const email = newEmail();
    await registerAndVerify(email);
    const body = {
      email,
      otp: '123456',
      password: 'a new password of mine',
      type: 'forget-password',
    };
    const response = await fromNewAddress().request(
      method,
      method === 'GET' ? `${url}?token=x` : url,
      method === 'GET' ? undefined : body,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect(sink.mailsTo(email)).toHaveLength(1);
  });

  test('when one address probes unknown auth paths, then it is rate limited too', async () => {
    const prober = fromNewAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      statuses.push((await prober.post(`/api/auth/probe-${attempt}`, {})).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('guessing a verification code', () => {
  test('when an attacker asks for new codes and keeps guessing, then the 10th wrong code locks codes for the account for an hour, even the right one, and the owner is told', async () => {
    const email = newEmail();
    await register(email);
    const guesses: { status: number; retryAfter: number }[] = [];
    for (let round = 0; round < 12; round++) {
      await fromNewAddress().post('/api/auth/email-otp/send-verification-otp', {
        email,
        type: 'email-verification',
      });
      for (let guess = 0; guess < 3; guess++) {
        const attacker = fromNewAddress();
        // Six digits no code of ours ever has (they are all digits), so no guess can be lucky.
        const response = await attacker.post('/api/auth/email-otp/verify-email', {
          email,
          otp: `99999${guess}x`,
        });
        expect(attacker.hasSession()).toBe(false);
        guesses.push({
          status: response.statusCode,
          retryAfter: Number(response.headers['retry-after'] ?? 0),
        });
      }
    }
    const checked = guesses.filter((guess) => guess.status !== 429);
    expect(checked).toHaveLength(9);
    expect(guesses.slice(9).every((guess) => guess.status === 429)).toBe(true);
    expect(guesses[9]!.retryAfter).toBeGreaterThan(59 * 60);

    // Every code that went out (one of them still valid), tried now by the owner: refused.
    const owner = fromNewAddress();
    // Mail goes out in the background: the resent code may still be on its way to the sink.
    const firstCode = () => sink.mailsTo(email).find(isCodeMail);
    await sink.waitForMailWhere(email, (mail) => isCodeMail(mail) && mail !== firstCode());
    const codes = sink.mailsTo(email).filter(isCodeMail).map(codeFrom);
    expect(codes.length).toBeGreaterThan(1);
    for (const code of codes) {
      const response = await owner.post('/api/auth/email-otp/verify-email', { email, otp: code });
      expect(response.statusCode).toBe(429);
      expect(response.json().error.message).toMatch(
        /^Too many wrong codes for this account\. For its safety, codes are refused for it for the next (59|60) minutes\.$/,
      );
    }
    expect(owner.hasSession()).toBe(false);
    const asked = await owner.post('/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'email-verification',
    });
    expect(asked.statusCode).toBe(429);

    const warning = await waitForSubject(email, lockSubject);
    expect(warning.text).toContain('too many wrong verification codes');
    expect(sink.mailsTo(email).filter((mail) => mail.subject === lockSubject)).toHaveLength(1);
  });

  test('when the guesses are spread over two server instances, then they still count together', async () => {
    const second = await createTestApp({
      envVars: { SMTP_URL: sink.url },
      sharedWith: context,
    });
    try {
      const email = newEmail();
      await register(email);
      const statuses: number[] = [];
      for (let guess = 0; guess < 12; guess++) {
        const app = guess % 2 === 0 ? context.app : second.app;
        const attacker = new BrowserClient(app, `10.3.0.${guess + 1}`);
        statuses.push(
          (await attacker.post('/api/auth/email-otp/verify-email', { email, otp: 'x' })).statusCode,
        );
      }
      expect(statuses.filter((status) => status !== 429)).toHaveLength(9);
      expect(statuses.slice(9).every((status) => status === 429)).toBe(true);
    } finally {
      await second.close();
    }
  });

  test('when the lock hour is over, then the owner can verify with a new code', async () => {
    const email = newEmail();
    await register(email);
    for (let guess = 0; guess < 10; guess++) {
      await fromNewAddress().post('/api/auth/email-otp/verify-email', { email, otp: 'x' });
    }
    await waitForSubject(email, lockSubject);
    await context.database.pool.query(
      "update throttles set window_ends_at = now() - interval '1 second' where key like $1",
      [`%:${email}`],
    );
    const owner = fromNewAddress();
    const before = sink.mailsTo(email).filter(isCodeMail).length;
    const asked = await owner.post('/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'email-verification',
    });
    expect(asked.statusCode).toBe(200);
    const code = codeFrom(await sink.waitForMail(email, sink.mailsTo(email).length + 1));
    expect(sink.mailsTo(email).filter(isCodeMail).length).toBe(before + 1);
    const verified = await owner.post('/api/auth/email-otp/verify-email', { email, otp: code });
    expect(verified.statusCode).toBe(200);
    expect(owner.hasSession()).toBe(true);
  });

  test('when an attacker runs the code loop against a verified account (staff included), then no code ever exists to guess and its password still works', async () => {
    const email = newEmail();
    await registerAndVerify(email);
    await context.database.pool.query("update users set role = 'super_admin' where email = $1", [
      email,
    ]);
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const [url, body] of [
        ['/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }],
        ['/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }],
        ['/api/auth/email-otp/request-password-reset', { email }],
        ['/api/auth/forget-password/email-otp', { email }],
      ] as const) {
        await fromNewAddress().post(url, body);
      }
      for (let guess = 0; guess < 5; guess++) {
        for (const url of [
          '/api/auth/email-otp/verify-email',
          '/api/auth/email-otp/reset-password',
          '/api/auth/sign-in/email-otp',
          '/api/auth/email-otp/check-verification-otp',
        ]) {
          const attacker = fromNewAddress();
          const response = await attacker.post(url, {
            email,
            otp: String(100000 + round * 10 + guess),
            password: 'attacker chosen password',
            type: 'forget-password',
          });
          expect(attacker.hasSession()).toBe(false);
          statuses.push(response.statusCode);
        }
      }
    }
    // Only one of the four ways to present a code exists, and it checks at most 10 guesses.
    expect(statuses.filter((status) => ![404, 429].includes(status)).length).toBeLessThanOrEqual(
      10,
    );
    expect(sink.mailsTo(email).filter(isCodeMail)).toHaveLength(1);
    const owner = fromNewAddress();
    const signIn = await owner.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('signing in while someone guesses the password', () => {
  test('when a stranger hammers sign-in for an account from one address, then the owner still signs in from another', async () => {
    const email = newEmail();
    await registerAndVerify(email);
    const stranger = new BrowserClient(context.app, '10.9.9.9');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await stranger.post('/api/auth/sign-in/email', {
        email,
        password: `guess number ${attempt}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);

    const owner = new BrowserClient(context.app, '10.8.8.8');
    const signIn = await owner.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(200);
    expect(owner.hasSession()).toBe(true);
    // The stranger stays refused even with the right password: a refused address learns nothing.
    const late = await stranger.post('/api/auth/sign-in/email', { email, password });
    expect(late.statusCode).toBe(429);
  });

  test('when the owner signs in many times, then their own successful sign-ins never use up the limit', async () => {
    const email = newEmail();
    await registerAndVerify(email);
    const office = '10.6.6.6';
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await new BrowserClient(context.app, office).post(
        '/api/auth/sign-in/email',
        { email, password },
      );
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('mail to one address', () => {
  test('when every path that mails an address is hammered, then at most 10 account mails reach it in an hour', async () => {
    // Its own app, so that stopping it waits for every mail it decided to send.
    const mailSink = await startSmtpSink();
    const own = await createTestApp({ envVars: { SMTP_URL: mailSink.url } });
    let closed = false;
    try {
      const email = newEmail();
      const client = (n: number) => new BrowserClient(own.app, `10.5.${n >> 8}.${n & 255}`);
      let n = 0;
      expect(
        (
          await client(++n).post('/api/auth/sign-up/email', {
            name: 'Mia Mailbox',
            email,
            password,
          })
        ).statusCode,
      ).toBe(200);
      for (let round = 0; round < 8; round++) {
        await client(++n).post('/api/auth/email-otp/send-verification-otp', {
          email,
          type: 'email-verification',
        });
        // An unverified account is sent a new code at each sign-in.
        const signIn = await client(++n).post('/api/auth/sign-in/email', { email, password });
        expect(signIn.statusCode).toBe(403);
        await client(++n).post('/api/auth/request-password-reset', {
          email,
          redirectTo: '/reset-password',
        });
        await client(++n).post('/api/auth/email-otp/request-password-reset', { email });
        await client(++n).post('/api/auth/forget-password/email-otp', { email });
      }
      await own.close();
      closed = true;
      expect(mailSink.mailsTo(email)).toHaveLength(10);
    } finally {
      if (!closed) await own.close();
      await mailSink.close();
    }
  });
});

async function waitForSubject(address: string, subject: string) {
  for (let count = 1; ; count++) {
    const mail = await sink.waitForMail(address, count);
    if (mail.subject === subject) return mail;
  }
}
