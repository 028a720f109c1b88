import { splitFullName, trialDays, minPasswordLength } from '@askwell/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail, verificationCodeMail } from './auth.mails';

export const verificationCodeTtlSeconds = 600;
export const verificationCodeAttempts = 5;

type Options = {
  env: Env;
  db: Database;
  mailer: Mailer;
  secret: string;
  logger: FastifyBaseLogger;
};

export type Auth = ReturnType<typeof createAuth>;

export function createAuth({ env, db, mailer, secret, logger }: Options) {
  // Mail is sent in the background so that response times do not reveal whether an address has
  // an account; a failure is logged, never shown to the visitor.
  const sendInBackground = (mail: Parameters<Mailer['send']>[0]) => {
    mailer
      .send(mail)
      .catch((error: unknown) => logger.error({ err: error }, 'sending mail failed'));
  };

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
        sendInBackground(passwordResetMail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
    },
    databaseHooks: {
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
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: verificationCodeTtlSeconds,
        allowedAttempts: verificationCodeAttempts,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          sendInBackground(verificationCodeMail(email, otp, type));
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
