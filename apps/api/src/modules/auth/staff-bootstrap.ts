import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { countStaffAccounts, upsertStaffAccount } from './staff-accounts';

// The first staff account: from ADMIN_EMAIL/ADMIN_PASSWORD when set and not yet there; otherwise,
// while no staff account exists, the console says how to make one. Never a default password.
export async function announceStaffAccess(
  app: FastifyInstance,
  env: Env,
  db: Database,
  logger: FastifyBaseLogger,
) {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const context = await app.auth.$context;
    const existing = await context.internalAdapter.findUserByEmail(env.ADMIN_EMAIL.toLowerCase());
    if (!existing) {
      await upsertStaffAccount(app.auth, db, {
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
        role: 'super_admin',
      });
      logger.info({ email: env.ADMIN_EMAIL }, 'created the super_admin account from ADMIN_EMAIL');
    }
  }
  if ((await countStaffAccounts(db)) === 0) {
    process.stdout.write(
      '\nNo staff account yet. To open the back office at /admin, create one:\n' +
        "  npm run admin:create -- --email you@example.com --password 'choose-a-long-password' --role super_admin --name 'Your Name'\n" +
        'then sign in at /admin/login (the server may keep running).\n',
    );
  }
}
