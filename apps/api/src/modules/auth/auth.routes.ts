import {
  authMessages,
  signUpRequestSchema,
  updateProfileSchema,
  type AuthConfig,
} from '@askwell/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { consumeThrottle } from '../../lib/throttle';
import { toHeaders } from '../../plugins/access';
import { sendError } from '../../plugins/errors';
import type { Auth } from './auth';
import { toProfile } from './profile';

type Options = { auth: Auth; db: Database; env: Env };

// Per-IP limits on the endpoints that guess or send: generous enough for an office behind one
// address, tight enough to stop scripted guessing.
const ipLimits = {
  '/api/auth/sign-in/email': { max: 30, timeWindow: '5 minutes' },
  '/api/auth/sign-up/email': { max: 20, timeWindow: '1 hour' },
  '/api/auth/email-otp/send-verification-otp': { max: 10, timeWindow: '10 minutes' },
  '/api/auth/email-otp/verify-email': { max: 30, timeWindow: '10 minutes' },
  '/api/auth/request-password-reset': { max: 10, timeWindow: '1 hour' },
  '/api/auth/reset-password': { max: 20, timeWindow: '1 hour' },
} as const;

// Per-account limits: a code or a reset link is resent a few times at most, and one account's
// password cannot be guessed from many addresses.
const accountLimits: Partial<Record<keyof typeof ipLimits, { max: number; seconds: number }>> = {
  '/api/auth/sign-in/email': { max: 10, seconds: 15 * 60 },
  '/api/auth/email-otp/send-verification-otp': { max: 3, seconds: 10 * 60 },
  '/api/auth/request-password-reset': { max: 3, seconds: 60 * 60 },
};

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
};

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, db, env }) => {
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.routeOptions.url as keyof typeof ipLimits | undefined;
    const email = emailOf(request.body);
    const accountLimit = path ? accountLimits[path] : undefined;
    if (accountLimit && email) {
      const { allowed, retryAfterSeconds } = await consumeThrottle(
        db,
        `${path}:${email}`,
        accountLimit.max,
        accountLimit.seconds,
      );
      if (!allowed) {
        return sendError(
          reply,
          new AppError(
            'rate_limited',
            `Too many attempts for this account. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
            undefined,
            { 'retry-after': String(retryAfterSeconds) },
          ),
        );
      }
    }
    // The spec asks for this one message on registration; the rest of auth never says whether an
    // address has an account.
    if (path === '/api/auth/sign-up/email' && email) {
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
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

  const relay = async (request: FastifyRequest, reply: FastifyReply) => {
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

    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (!['set-cookie', 'content-length', 'content-encoding'].includes(name)) {
        reply.header(name, value);
      }
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    const text = await response.text();
    if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
      return reply.send(toApiError(response.status, text));
    }
    return reply.send(text.length > 0 ? text : null);
  };

  for (const [url, rateLimit] of Object.entries(ipLimits)) {
    const schema = url === '/api/auth/sign-up/email' ? { body: signUpRequestSchema } : undefined;
    app.post(url, { schema, config: { access: 'public', rateLimit } }, forward);
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    handler: relay,
  });

  app.get('/api/auth-config', { config: { access: 'public' } }, async () => {
    const config: AuthConfig = { google: Boolean(env.GOOGLE_CLIENT_ID) };
    return config;
  });

  app.get('/api/me', { config: { access: 'signed-in' } }, async (request) =>
    toProfile(db, request.user!),
  );

  app.patch(
    '/api/me',
    { schema: { body: updateProfileSchema }, config: { access: 'signed-in' } },
    async (request) => {
      const firstName = request.body.first_name;
      const lastName = request.body.last_name;
      const [updated] = await db
        .update(users)
        .set({
          firstName,
          lastName,
          name: [firstName, lastName].filter(Boolean).join(' '),
          updatedAt: new Date(),
        })
        .where(eq(users.id, request.user!.id))
        .returning();
      return toProfile(db, { ...request.user!, ...updated! });
    },
  );
};

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.length > 0 ? email.trim().toLowerCase() : undefined;
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
