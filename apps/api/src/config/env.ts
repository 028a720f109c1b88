import path from 'node:path';
import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .url({ error: 'must be a postgres:// URL' })
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: booleanFromString.default(false),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  REDIS_URL: z
    .url({ error: 'must be a redis:// URL' })
    .refine((url) => /^rediss?:\/\//.test(url), 'must be a redis:// URL')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .url({ error: 'must be an smtp:// or smtps:// URL' })
    .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3, 'must be an address').default('Askwell <no-reply@askwell.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ error: 'must be an absolute URL' }).default('https://accounts.google.com'),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  // How many documents or websites one process ingests at once.
  INGEST_CONCURRENCY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 16')
    .max(16, 'must be between 0 and 16')
    .default(2),
  // false: this instance only serves HTTP and queues background work for separate worker
  // processes (`npm run worker`).
  RUN_WORKERS: booleanFromString.default(true),
  // New customers start with a sample chatbot and 30 days of sample conversations, leads and
  // analytics, so their pages are not empty on day one; false starts them empty.
  DEMO_DATA: booleanFromString.default(true),
  // Crawling addresses on private networks lets a customer probe the server's own network, so it
  // is refused in production unless explicitly allowed.
  CRAWL_PRIVATE_NETWORKS: booleanFromString.optional(),
  // Seconds before a failed webhook delivery is first retried; each later retry waits about twice
  // as long.
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 3600')
    .max(3600, 'must be between 1 and 3600')
    .default(30),
  // Encrypts provider keys and webhook secrets at rest (AES-256-GCM). Unset: derived from the
  // auth secret. Changing it makes stored secrets unreadable (they must be entered again).
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // Public chat API: requests per minute per API key, and per bot across all its keys.
  CHAT_RATE_LIMIT_PER_KEY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(60),
  CHAT_RATE_LIMIT_PER_BOT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(300),
  // How long a model may take to start (or continue) an answer before the built-in answerer
  // takes over.
  CHAT_PROVIDER_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(300_000, 'must be at most 300000')
    .default(20_000),
  // The embedding model asked of an owner's custom OpenAI-compatible endpoint (dense retrieval);
  // with an OpenAI key, text-embedding-3-small is used.
  EMBEDDING_MODEL: z.string().trim().min(1, 'must not be empty').default('text-embedding-3-small'),
  // Where the payment SDKs send their API calls; unset means the providers' own hosts. Tests and
  // local development point them at a server on loopback that speaks the same API.
  STRIPE_API_BASE: z.url({ error: 'must be an absolute URL' }).optional(),
  RAZORPAY_API_BASE: z.url({ error: 'must be an absolute URL' }).optional(),
  // How long Premium stays after a renewal fails, before the account becomes Free.
  BILLING_GRACE_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 60')
    .max(60, 'must be between 0 and 60')
    .default(7),
});

export type Env = z.infer<typeof envSchema> & {
  DATA_DIR: string;
  CRAWL_PRIVATE_NETWORKS: boolean;
};

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

// Empty strings count as unset so that a blank line copied from .env.example means "use the default".
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, source[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(relevant);
  if (!result.success) {
    throw new InvalidEnvironmentError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = result.data;
  const problems: string[] = [];
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    problems.push('AUTH_SECRET: required in production (every instance must share it)');
  }
  if (problems.length > 0) throw new InvalidEnvironmentError(problems);
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    CRAWL_PRIVATE_NETWORKS: env.CRAWL_PRIVATE_NETWORKS ?? env.NODE_ENV !== 'production',
  };
}
