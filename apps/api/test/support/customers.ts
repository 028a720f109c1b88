import { expect } from 'vitest';
import type { TestContext } from '../helper';
import { BrowserClient } from './browser-client';
import { codeFrom, type startSmtpSink } from './smtp-sink';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

// Registers and verifies a customer the way the sign-up screens do, and returns their browser.
export async function signUpCustomer(context: TestContext, sink: Sink, email: string, ip: string) {
  const browser = new BrowserClient(context.app, ip);
  const signUp = await browser.post('/api/auth/sign-up/email', {
    name: 'Test Customer',
    email,
    password: 'customer password 1',
  });
  expect(signUp.statusCode).toBe(200);
  const verify = await browser.post('/api/auth/email-otp/verify-email', {
    email,
    otp: codeFrom(await sink.waitForMail(email)),
  });
  expect(verify.statusCode).toBe(200);
  return browser;
}
