import {
  authMessages,
  isStaffRole,
  roles,
  signUpRequestSchema,
  twoFactorMessages,
  updateProfileSchema,
  type AuthConfig,
  type Profile,
} from '@askwell/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../config/env';
import { AppError } from '../../lib/app-error';
import { toHeaders } from '../../plugins/access';
import { sendError } from '../../plugins/errors';
import type { AuditService } from '../audit/audit.service';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import type { AccountsService } from './accounts.service';
import type { Auth } from './auth';
import { accountLimits, authEndpoints, unlistedAuthIpLimit } from './auth-limits';
import type { AuthMail } from './auth-mail';
import { codesLockedMail } from './auth.mails';

type Options = {
  auth: Auth;
  accounts: AccountsService;
  audit: AuditService;
  env: Env;
  mail: AuthMail;
  siteSettings: SiteSettingsService;
};

const authPrefix = '/api/auth';

// better-auth's own messages become the spec's (§8), so every screen shows the same words.
const messageByCode: Record<string, string> = {
  EMAIL_NOT_VERIFIED: authMessages.unverified,
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  INVALID_OTP: authMessages.invalidCode,
  OTP_EXPIRED: 'This verification code has expired. Please request a new one.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Please request a new verification code.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters long.',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters long.',
  INVALID_TOKEN: 'This reset link is invalid or has expired. Please request a new one.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  USER_ALREADY_EXISTS: authMessages.duplicateEmail,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: authMessages.duplicateEmail,
  INVALID_CODE: 'This code is not right. Enter the current code from your authenticator app.',
  INVALID_BACKUP_CODE: 'This backup code is not right, or it was already used.',
  INVALID_PASSWORD: 'Your password is not right.',
  TOTP_ALREADY_ENABLED: 'Two-factor authentication is already set up for this account.',
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired. Please sign in again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again.',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Too many wrong codes for this account. Please try again in 15 minutes.',
};

// A guess that was checked against a code and lost (better-auth's per-code limit included).
const wrongCodeResults = new Set(['INVALID_OTP', 'TOO_MANY_ATTEMPTS']);

// The product only ever mails codes to confirm an address; sign-in and password-reset codes are
// not offered (their endpoints are not exposed), so they are not sent either.
const sendCodeSchema = z.object({
  email: z.string({ error: 'Please enter your email.' }).trim().min(1, 'Please enter your email.'),
  type: z.literal('email-verification', { error: 'This kind of code is not available.' }),
});

// The same rules as at sign-up: a name a person would write, and a picture only from an https
// address (or none), never a javascript:, data: or plain-http one.
const updateUserSchema = z.object({
  name: signUpRequestSchema.shape.name.optional(),
  image: z
    .url({ protocol: /^https$/, error: 'Please use an https:// image address.' })
    .max(2048, 'This image address is too long.')
    .nullable()
    .optional(),
});

const passwordBodySchema = z.object({
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(128, 'Password must be at most 128 characters long.'),
});

const totpCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});

// better-auth's codes are ten letters and digits, shown as two groups of five.
const backupCodeSchema = z.object({
  code: z
    .string({ error: 'Enter one of your backup codes.' })
    .trim()
    .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'Enter one of your backup codes.'),
});

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const authConfigSchema = z.object({ google: z.boolean() }) satisfies z.ZodType<AuthConfig>;

const profileSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(roles),
  subscription_tier: z.enum(['free', 'premium']),
  email_verified: z.boolean(),
  is_admin: z.boolean(),
  created_at: z.string(),
  trial_ends_at: z.string().nullable(),
  permissions: z.array(z.string()),
}) satisfies z.ZodType<Profile>;

type AuthResult = { response: Response; text: string; code: string | undefined };

export const authRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { auth, accounts, audit, env, mail, siteSettings },
) => {
  const { throttle } = accounts;
  app.addHook('onClose', async () => mail.idle());

  const callAuth = async (request: FastifyRequest): Promise<AuthResult> => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const headers = toHeaders(request);
    headers.delete('content-length');
    // better-auth records the client address on sessions; Fastify knows it (and TRUST_PROXY).
    headers.set('x-forwarded-for', request.ip);
    const hasBody = request.body !== undefined && request.method !== 'GET';
    if (hasBody) headers.set('content-type', 'application/json');
    const response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    const text = await response.text();
    return { response, text, code: response.status >= 400 ? errorCodeOf(text) : undefined };
  };

  const send = (request: FastifyRequest, reply: FastifyReply, { response, text }: AuthResult) => {
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (!['set-cookie', 'content-length', 'content-encoding'].includes(name)) {
        reply.header(name, value);
      }
    });
    // Behind a proxy that ends TLS (TRUST_PROXY and X-Forwarded-Proto: https) the browser talks
    // https even though this server hears http: its cookies must never travel in the clear.
    const secure = request.protocol === 'https';
    const cookies = response.headers
      .getSetCookie()
      .map((cookie) => (secure && !/;\s*secure(;|$)/i.test(cookie) ? `${cookie}; Secure` : cookie));
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
      return reply.send(toApiError(response.status, text));
    }
    return reply.send(text.length > 0 ? text : null);
  };

  const relay: Handler = async (request, reply) => send(request, reply, await callAuth(request));

  const tooManyForAccount = (reply: FastifyReply, retryAfterSeconds: number) =>
    sendError(
      reply,
      new AppError(
        'rate_limited',
        `Too many attempts for this account. Please try again in ${minutes(retryAfterSeconds)}.`,
        undefined,
        { 'retry-after': String(retryAfterSeconds) },
      ),
    );

  const codesLocked = (reply: FastifyReply, retryAfterSeconds: number) =>
    sendError(
      reply,
      new AppError(
        'rate_limited',
        'Too many wrong codes for this account. For its safety, codes are refused for it ' +
          `for the next ${minutes(retryAfterSeconds)}.`,
        undefined,
        { 'retry-after': String(retryAfterSeconds) },
      ),
    );

  const lockCodes = async (email: string) => {
    const { codeLockSeconds } = accountLimits;
    if (!(await throttle.lock(`code-lock:${email}`, codeLockSeconds))) return;
    const owner = await accounts.findByEmail(email);
    if (owner) mail.send(codesLockedMail(owner.email, codeLockSeconds / 60), { uncapped: true });
  };

  // Staff sign-ins go to the audit log before the session cookie is handed over: if the entry
  // cannot be written the sign-in fails, so no staff session exists that the log does not show.
  // A refused password is logged only for staff accounts, and only for attempts that the
  // per-account sign-in limits let through (at most 100 an hour), so a stranger cannot flood it.
  const recordStaffSignIn = async (request: FastifyRequest, email: string, result: AuthResult) => {
    const signedIn = result.response.status === 200 && sessionStarted(result.text);
    const refused = result.code === 'INVALID_EMAIL_OR_PASSWORD';
    if (!signedIn && !refused) return;
    const account = await accounts.findByEmail(email);
    if (!account || !isStaffRole(account.role)) return;
    const actor = { id: account.id, email: account.email, ip: request.ip };
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    await audit.record(
      actor,
      signedIn
        ? {
            action: 'auth.sign_in',
            target: { type: 'user', id: account.id },
            details: { message: `${account.email} signed in`, userAgent },
          }
        : {
            action: 'auth.sign_in_failed',
            target: { type: 'user', id: account.id },
            details: { message: `Sign-in refused for ${account.email}: wrong password`, userAgent },
          },
    );
  };

  // A failed password counts against the account from this address and against the account as a
  // whole; a right one is given back, so the owner's own sign-ins never use up their allowance.
  const signIn: Handler = async (request, reply) => {
    const email = emailOf(request.body);
    if (!email) return relay(request, reply);
    const { signInPerAccountAndIp, signInPerAccount } = accountLimits;
    const keys = [`sign-in:${email}:${request.ip}`, `sign-in:${email}`] as const;
    const fromHere = await throttle.take(
      keys[0],
      signInPerAccountAndIp.max,
      signInPerAccountAndIp.seconds,
    );
    const overall = await throttle.take(keys[1], signInPerAccount.max, signInPerAccount.seconds);
    const giveBack = () => Promise.all(keys.map((key) => throttle.giveBack(key)));
    if (!fromHere.allowed || !overall.allowed) {
      await giveBack();
      const refusals = [fromHere, overall].filter((result) => !result.allowed);
      return tooManyForAccount(reply, Math.max(...refusals.map((r) => r.retryAfterSeconds)));
    }
    const result = await callAuth(request);
    if (result.code !== 'INVALID_EMAIL_OR_PASSWORD') await giveBack();
    await recordStaffSignIn(request, email, result);
    return send(request, reply, result);
  };

  // Wrong codes are counted per account across every code it is sent, so asking for a new code
  // never buys more guesses: the 10th wrong one in an hour locks codes for the account.
  const verifyCode: Handler = async (request, reply) => {
    const email = emailOf(request.body);
    if (!email) return relay(request, reply);
    const locked = await throttle.lockedFor(`code-lock:${email}`);
    if (locked > 0) return codesLocked(reply, locked);
    const { wrongCodes, codeLockSeconds } = accountLimits;
    const failureKey = `code-failures:${email}`;
    const failures = await throttle.take(failureKey, wrongCodes.max, wrongCodes.seconds);
    if (!failures.allowed) {
      await lockCodes(email);
      return codesLocked(reply, codeLockSeconds);
    }
    const result = await callAuth(request);
    if (!wrongCodeResults.has(result.code ?? '')) {
      await throttle.giveBack(failureKey);
      return send(request, reply, result);
    }
    if (failures.count >= wrongCodes.max) {
      await lockCodes(email);
      return codesLocked(reply, codeLockSeconds);
    }
    return send(request, reply, result);
  };

  const sendCode: Handler = async (request, reply) => {
    const email = emailOf(request.body)!;
    const locked = await throttle.lockedFor(`code-lock:${email}`);
    if (locked > 0) return codesLocked(reply, locked);
    const { codeRequests } = accountLimits;
    const requests = await throttle.take(
      `code-requests:${email}`,
      codeRequests.max,
      codeRequests.seconds,
    );
    if (!requests.allowed) return tooManyForAccount(reply, requests.retryAfterSeconds);
    // A verified account signs in with its password: a code for it would only be a second, 6-digit
    // password to guess (the verify endpoint signs in whoever holds one). The answer is the same
    // as for any address, so it says nothing about the account.
    const account = await accounts.findByEmail(email);
    if (account?.verified) return reply.send({ success: true });
    return relay(request, reply);
  };

  const requestReset: Handler = async (request, reply) => {
    const email = emailOf(request.body);
    if (email) {
      const { resetRequests } = accountLimits;
      const requests = await throttle.take(
        `password-reset:${email}`,
        resetRequests.max,
        resetRequests.seconds,
      );
      if (!requests.allowed) return tooManyForAccount(reply, requests.retryAfterSeconds);
    }
    return relay(request, reply);
  };

  // The spec asks for this one message on registration; the rest of auth never says whether an
  // address has an account.
  const signUp: Handler = async (request, reply) => {
    const email = emailOf(request.body);
    if (email) {
      const existing = await accounts.findByEmail(email);
      if (existing) {
        return sendError(
          reply,
          new AppError('validation_error', authMessages.duplicateEmail, {
            email: authMessages.duplicateEmail,
          }),
        );
      }
    }
    return relay(request, reply);
  };

  // Two-factor is for staff: a customer's session cannot set it up, and while Settings require it
  // nobody can turn their own off.
  const staffSession = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: toHeaders(request) });
    if (!session) throw new AppError('unauthorized', 'Please sign in to continue.');
    if (!isStaffRole(session.user.role)) {
      throw new AppError('forbidden', twoFactorMessages.staffOnly);
    }
    return session;
  };
  const staffActor = (request: FastifyRequest, user: { id: string; email: string }) => ({
    id: user.id,
    email: user.email,
    ip: request.ip,
  });

  const enableTwoFactor: Handler = async (request, reply) => {
    await staffSession(request);
    // The authenticator app lists the account under the site's name (Settings → General).
    const { site_name } = await siteSettings.general();
    request.body = { ...(request.body as object), method: 'totp', issuer: site_name };
    return relay(request, reply);
  };

  // With a session this confirms a new set-up; without one it is the second step of a sign-in
  // (the plugin's two_factor cookie names the account). Either way the log says so.
  const verifyTotp: Handler = async (request, reply) => {
    const before = await auth.api.getSession({ headers: toHeaders(request) });
    // "Enter a code at each sign-in": no device is ever remembered.
    request.body = { ...(request.body as object), trustDevice: false };
    const result = await callAuth(request);
    const user = result.response.status === 200 ? userOf(result.text) : undefined;
    if (user && isStaffRole(user.role)) {
      const actor = staffActor(request, user);
      await audit.record(
        actor,
        before
          ? {
              action: 'auth.two_factor_enable',
              target: { type: 'user', id: user.id },
              details: { message: `${user.email} set up two-factor authentication` },
            }
          : {
              action: 'auth.sign_in',
              target: { type: 'user', id: user.id },
              details: {
                message: `${user.email} signed in with an authenticator code`,
                userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
              },
            },
      );
    }
    return send(request, reply, result);
  };

  // Only as a sign-in's second step: a signed-in member has no use for spending a code.
  const verifyBackupCode: Handler = async (request, reply) => {
    if (await auth.api.getSession({ headers: toHeaders(request) })) {
      throw new AppError('forbidden', 'You are already signed in.');
    }
    request.body = { ...(request.body as object), trustDevice: false };
    const result = await callAuth(request);
    const user = result.response.status === 200 ? userOf(result.text) : undefined;
    if (user && isStaffRole(user.role)) {
      await audit.record(staffActor(request, user), {
        action: 'auth.sign_in',
        target: { type: 'user', id: user.id },
        details: {
          message: `${user.email} signed in with a backup code`,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        },
      });
    }
    return send(request, reply, result);
  };

  // Google sign-ins are logged like password ones, and likewise before the cookie is handed over.
  // The callback answers with a redirect and the new session's cookie: that cookie names the user.
  const oauthCallback: Handler = async (request, reply) => {
    const result = await callAuth(request);
    const cookies = result.response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';', 1)[0]!)
      .filter((pair) => /session_token=./.test(pair));
    if (cookies.length > 0) {
      // The request's own headers (better-auth needs the host) with only the new session's cookie.
      const headers = toHeaders(request);
      headers.set('cookie', cookies.join('; '));
      const session = await auth.api.getSession({ headers });
      // better-auth asks for the second factor only after a password: a Google sign-in would
      // skip the code, so an account with TOTP is sent back to sign in with both.
      if (session && isStaffRole(session.user.role) && session.user.twoFactorEnabled) {
        await auth.api.revokeSession({ headers, body: { token: session.session.token } });
        await audit.record(staffActor(request, session.user), {
          action: 'auth.sign_in_failed',
          target: { type: 'user', id: session.user.id },
          details: {
            message: `Google sign-in refused for ${session.user.email}: two-factor authentication is on`,
            userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          },
        });
        return reply.redirect('/admin/login?error=two_factor_google', 302);
      }
      if (session && isStaffRole(session.user.role)) {
        await audit.record(staffActor(request, session.user), {
          action: 'auth.sign_in',
          target: { type: 'user', id: session.user.id },
          details: {
            message: `${session.user.email} signed in with Google`,
            userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          },
        });
      }
    }
    return send(request, reply, result);
  };

  const disableTwoFactor: Handler = async (request, reply) => {
    const session = await staffSession(request);
    if (await siteSettings.twoFactorRequired()) {
      throw new AppError('forbidden', twoFactorMessages.requiredCannotDisable);
    }
    const result = await callAuth(request);
    if (result.response.status === 200) {
      await audit.record(staffActor(request, session.user), {
        action: 'auth.two_factor_disable',
        target: { type: 'user', id: session.user.id },
        details: { message: `${session.user.email} turned off two-factor authentication` },
      });
    }
    return send(request, reply, result);
  };

  const handlers: Record<string, Handler> = {
    'POST /sign-in/email': signIn,
    'GET /callback/:id': oauthCallback,
    'POST /callback/:id': oauthCallback,
    'POST /sign-up/email': signUp,
    'POST /email-otp/send-verification-otp': sendCode,
    'POST /email-otp/verify-email': verifyCode,
    'POST /request-password-reset': requestReset,
    'POST /two-factor/enable': enableTwoFactor,
    'POST /two-factor/verify-totp': verifyTotp,
    'POST /two-factor/verify-backup-code': verifyBackupCode,
    'POST /two-factor/disable': disableTwoFactor,
  };
  const bodySchemas: Record<string, z.ZodType> = {
    'POST /sign-up/email': signUpRequestSchema,
    'POST /email-otp/send-verification-otp': sendCodeSchema,
    'POST /update-user': updateUserSchema,
    'POST /two-factor/enable': passwordBodySchema,
    'POST /two-factor/verify-totp': totpCodeSchema,
    'POST /two-factor/verify-backup-code': backupCodeSchema,
    'POST /two-factor/disable': passwordBodySchema,
  };
  for (const { method, url, ipLimit } of authEndpoints) {
    const name = `${method} ${url}`;
    const body = bodySchemas[name];
    app.route({
      method,
      url: `${authPrefix}${url}`,
      schema: body ? { body } : undefined,
      config: { access: 'public', rateLimit: ipLimit },
      handler: handlers[name] ?? relay,
    });
  }
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${authPrefix}/*`,
    config: { access: 'public', rateLimit: unlistedAuthIpLimit },
    handler: async () => {
      throw new AppError('not_found', 'Not found.');
    },
  });

  app.get(
    '/api/auth-config',
    { schema: { response: { 200: authConfigSchema } }, config: { access: 'public' } },
    async () => {
      const config: AuthConfig = { google: Boolean(env.GOOGLE_CLIENT_ID) };
      return config;
    },
  );

  app.get(
    '/api/me',
    { schema: { response: { 200: profileSchema } }, config: { access: 'signed-in' } },
    async (request) => accounts.profileOf(request.user!),
  );

  app.patch(
    '/api/me',
    {
      schema: { body: updateProfileSchema, response: { 200: profileSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      return accounts.rename(request.user!, {
        firstName: request.body.first_name,
        lastName: request.body.last_name,
      });
    },
  );
};

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.length > 0 ? email.trim().toLowerCase() : undefined;
}

// A sign-in that opened a session answers with its user; a step still to take (a second factor)
// answers without one.
function sessionStarted(text: string) {
  try {
    const parsed = JSON.parse(text) as { user?: unknown };
    return typeof parsed.user === 'object' && parsed.user !== null;
  } catch {
    return false;
  }
}

function userOf(text: string) {
  try {
    const parsed = JSON.parse(text) as { user?: { id?: unknown; email?: unknown; role?: unknown } };
    const user = parsed.user;
    if (typeof user?.id !== 'string' || typeof user.email !== 'string') return undefined;
    return { id: user.id, email: user.email, role: typeof user.role === 'string' ? user.role : '' };
  } catch {
    return undefined;
  }
}

function minutes(seconds: number) {
  const count = Math.ceil(seconds / 60);
  return count === 1 ? '1 minute' : `${count} minutes`;
}

function errorCodeOf(text: string) {
  try {
    const parsed = JSON.parse(text) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, text: string) {
  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // A non-JSON error body still becomes our error shape below.
  }
  const code = parsed.code ?? (status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST');
  return {
    error: {
      code: code.toLowerCase(),
      message: messageByCode[code] ?? parsed.message ?? 'The request could not be completed.',
    },
  };
}
