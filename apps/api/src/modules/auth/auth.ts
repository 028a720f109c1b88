import {
  accountSuspendedMessage,
  splitFullName,
  trialDays,
  minPasswordLength,
} from '@askwell/shared';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { emailOTP, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { AuthMail } from './auth-mail';
import { accountCreatedMail, passwordResetMail, verificationCodeMail } from './auth.mails';

export const verificationCodeTtlSeconds = 600;
export const verificationCodeAttempts = 5;

type Options = {
  env: Env;
  db: Database;
  mailer: Mailer;
  // The app passes its own so that it can wait for mail in flight when it stops.
  mail?: AuthMail;
  secret: string;
  logger: FastifyBaseLogger;
  // Called after every write to a verified customer account: the e-mail code's verification, an
  // account created verified (Google), and any later change. It must therefore be idempotent; the
  // demo data seeds once per account.
  onCustomerVerified?: (userId: string) => Promise<void>;
};

export type Auth = ReturnType<typeof createAuth>;

export function createAuth({ env, db, mailer, mail, secret, logger, onCustomerVerified }: Options) {
  const authMail = mail ?? new AuthMail({ db, mailer, logger });
  // A failure here must never fail the sign-up or verification that caused it.
  const verified = async (user: { id: string; emailVerified?: boolean; role?: unknown } | null) => {
    if (!onCustomerVerified || !user?.emailVerified || (user.role ?? 'user') !== 'user') return;
    try {
      await onCustomerVerified(user.id);
    } catch (error) {
      logger.error({ err: error, userId: user.id }, 'after-verification work failed');
    }
  };
  // The sign-in screens hide the Google button in this case; the operator learns why here.
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) {
    logger.info(
      'Google sign-in is off: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to show "Sign in with Google"',
    );
  }

  return betterAuth({
    appName: 'Askwell',
    secret,
    // Links in mail and OAuth callbacks are built from this. Without PUBLIC_URL the request's host
    // is used, but only a local one: a forged Host header must never end up in a reset link.
    baseURL: env.PUBLIC_URL ?? {
      allowedHosts: localHosts(env.HOST),
      protocol: 'http',
    },
    basePath: '/api/auth',
    logger: {
      level: 'warn',
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    // Rate limits live in the Fastify layer (per IP and per account, shared through PostgreSQL).
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        firstName: { type: 'string', input: false, defaultValue: '' },
        lastName: { type: 'string', input: false, defaultValue: '' },
        role: { type: 'string', input: false, defaultValue: 'user' },
        subscriptionTier: { type: 'string', input: false, defaultValue: 'free' },
        trialEndsAt: { type: 'date', input: false, required: false },
        // Read by the access check on every request (plugins/access.ts); only staff set it.
        suspendedAt: { type: 'date', input: false, required: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Each day of use pushes expiry out again: sessions refresh themselves while in use.
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        authMail.send(
          authMail.takeWelcome(user.email)
            ? accountCreatedMail(user.email, url)
            : passwordResetMail(user.email, url),
        );
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
    },
    databaseHooks: {
      // Every way in (password, e-mail code, Google) ends in a new session: a suspended account
      // gets none, whichever it tries.
      session: {
        create: {
          before: async (session) => {
            const [owner] = await db
              .select({ suspendedAt: schema.users.suspendedAt })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (owner?.suspendedAt) {
              throw APIError.from('FORBIDDEN', {
                message: accountSuspendedMessage,
                code: 'ACCOUNT_SUSPENDED',
              });
            }
            return { data: session };
          },
        },
      },
      user: {
        create: {
          before: async (user) => {
            // Self-service sign-ups arrive with the defaults (role user, tier free) and start the
            // trial; staff accounts made by `admin:create` keep the role they were given.
            const { firstName, lastName } = splitFullName(user.name);
            const isCustomer = (user.role ?? 'user') === 'user';
            return {
              data: {
                ...user,
                firstName: (user.firstName as string | undefined) || firstName,
                lastName: (user.lastName as string | undefined) || lastName,
                trialEndsAt: isCustomer
                  ? new Date(Date.now() + trialDays * 24 * 60 * 60 * 1000)
                  : null,
              },
            };
          },
          after: async (user) => verified(user),
        },
        update: {
          // A name changed through better-auth's own update-user keeps our first/last split in step.
          before: async (user) => {
            if (typeof user.name !== 'string' || user.firstName !== undefined)
              return { data: user };
            const { firstName, lastName } = splitFullName(user.name);
            return { data: { ...user, firstName, lastName } };
          },
          // The e-mail code's verification is an update of the user; so is every later change, which
          // the seeding's once-only mark turns into a no-op.
          after: async (user) => verified(user),
        },
      },
    },
    plugins: [
      // Staff TOTP (Settings → Security, /admin/profile). Only staff reach its endpoints
      // (auth.routes.ts); a sign-in of an account with it on answers `twoFactorRedirect` and the
      // session starts only after /two-factor/verify-totp.
      twoFactor({
        // A wrong code at sign-in is also counted by the per-account code limits in auth.routes.ts.
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: verificationCodeTtlSeconds,
        allowedAttempts: verificationCodeAttempts,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          authMail.send(verificationCodeMail(email, otp, type));
        },
      }),
      ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: env.GOOGLE_CLIENT_ID,
                  clientSecret: env.GOOGLE_CLIENT_SECRET,
                  discoveryUrl: `${env.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

function localHosts(listenHost: string) {
  const hosts = ['localhost', '127.0.0.1', '[::1]'];
  if (!['0.0.0.0', '::'].includes(listenHost)) hosts.push(listenHost);
  return hosts.flatMap((host) => [host, `${host}:*`]);
}
