import type { StaffRole } from '@askwell/shared';
import { expect } from 'vitest';
import { upsertStaffAccount } from '../../src/modules/auth/staff-accounts';
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

// Creates (or updates) a staff account as `admin:create` does and signs it in from `ip`.
export async function signInStaff(
  context: TestContext,
  account: { role: StaffRole; email: string; password: string; ip: string },
) {
  const { id } = await upsertStaffAccount(context.app.auth, context.database.db, {
    email: account.email,
    password: account.password,
    role: account.role,
    name: `Staff ${account.role}`,
  });
  const browser = new BrowserClient(context.app, account.ip);
  const signIn = await browser.post('/api/auth/sign-in/email', {
    email: account.email,
    password: account.password,
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { id, browser };
}
