import { isStaffRole, minPasswordLength, staffRoles } from '@askwell/shared';
import pino from 'pino';
import { parseEnv } from '../config/env';
import { parseCommandLine } from './command-line';
import { startDatabase } from '../db/start-database';
import { createAuth } from '../modules/auth/auth';
import { resolveAuthSecret } from '../modules/auth/auth-secret';
import { StaffNameRequiredError, upsertStaffAccount } from '../modules/auth/staff-accounts';
import { createMailer } from '../modules/mail/mailer';

// `npm run admin:create -- --email E --password P --role super_admin --name "Full Name"`
const usage = `Usage: npm run admin:create -- --email you@example.com --password 'a long password' --role ${staffRoles.join('|')} --name "Full Name"
(--name is required for a new account; for an existing one it renames it)`;

const values = parseCommandLine(
  {
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'super_admin' },
      name: { type: 'string' },
    },
  },
  usage,
);
const problems: string[] = [];
if (!values.email?.includes('@')) problems.push('--email must be an email address');
if ((values.password ?? '').length < minPasswordLength) {
  problems.push(`--password must be at least ${minPasswordLength} characters`);
}
if (!isStaffRole(values.role)) problems.push(`--role must be one of ${staffRoles.join(', ')}`);
if (values.name !== undefined && !values.name.trim()) problems.push('--name must not be empty');
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n${usage}\n`);
  process.exit(2);
}

const env = parseEnv();
const logger = pino({ level: 'warn' });
const database = await startDatabase(env, logger, { shareRunning: true });
try {
  const auth = createAuth({
    env,
    db: database.db,
    mailer: createMailer({ from: env.MAIL_FROM, db: database.db, logger }),
    secret: await resolveAuthSecret(env),
    logger,
  });
  const result = await upsertStaffAccount(
    auth,
    database.db,
    {
      email: values.email!,
      password: values.password!,
      role: values.role as (typeof staffRoles)[number],
      name: values.name,
    },
    { requireName: true },
  );
  process.stdout.write(
    `${result.created ? 'Created' : 'Updated'} ${values.role} ${values.email}. Sign in at /admin/login.\n`,
  );
} catch (error) {
  if (!(error instanceof StaffNameRequiredError)) throw error;
  process.stderr.write(`${error.message}\n${usage}\n`);
  process.exitCode = 2;
} finally {
  await database.shutdown();
}
