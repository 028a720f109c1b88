import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  dropDatabase,
  ensureDatabase,
  findFreePort,
  withDatabase,
} from '../apps/api/src/db/embedded-postgres';
import { repoRoot, spawnServer } from '../scripts/spawn-server';
import { assertChromiumInstalled } from './chromium';
import { startSmtpSink } from './support/smtp-sink';
import { profileStaffAccount, staffAccounts, staffPassword } from './fixtures';
import { oidcClient, startOidcProvider } from './support/oidc-provider';
import { startStripeServer } from '../apps/api/test/support/stripe-server';

const roleNames = {
  super_admin: 'Sam Super',
  sales_manager: 'Sally Sales',
  support_team: 'Simon Support',
};

// The real product, built and started the way `npm start` does it, with its own embedded
// PostgreSQL or its own database on DATABASE_URL's server.
export default async function globalSetup() {
  assertChromiumInstalled();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '--silent'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('npm run build failed');
  }

  const serverUrl = process.env.DATABASE_URL;
  const databaseName = `askwell_e2e_${randomBytes(6).toString('hex')}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, databaseName) : '';
  if (serverUrl) await ensureDatabase(serverUrl, databaseName);

  // Google's stand-in needs the exact callback address, so the server's port is chosen up front.
  const port = await findFreePort();
  const oidc = await startOidcProvider({
    port: await findFreePort(),
    redirectUri: `http://localhost:${port}/api/auth/callback/google`,
  });
  const mailSink = await startSmtpSink();
  // Stripe's stand-in on loopback (billing.spec.ts): Checkout and the API calls Askwell makes.
  const stripe = await startStripeServer();
  const server = await spawnServer({
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SMTP_URL: mailSink.url,
    GOOGLE_CLIENT_ID: oidcClient.id,
    GOOGLE_CLIENT_SECRET: oidcClient.secret,
    GOOGLE_ISSUER: oidc.issuer,
    // As behind a proxy: the suite's test customers each sign up from an address of their own
    // (fixtures.ts), so the per-address sign-up limit sees many customers, as in life.
    TRUST_PROXY: 'true',
    STRIPE_API_BASE: stripe.url,
  });
  const accounts = [
    ...Object.entries(staffAccounts).map(([role, email]) => ({
      role,
      email,
      name: roleNames[role as keyof typeof roleNames],
    })),
    profileStaffAccount,
  ];
  for (const { role, email, name } of accounts) {
    const created = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/cli/create-admin.ts',
        '--email',
        email,
        '--password',
        staffPassword,
        '--role',
        role,
        '--name',
        name,
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATA_DIR: server.dataDir,
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'warn',
        },
        encoding: 'utf8',
      },
    );
    if (created.status !== 0) throw new Error(`admin:create failed: ${created.stderr}`);
  }
  // Browsers and the OAuth callback agree on one host name.
  process.env.E2E_BASE_URL = server.baseUrl.replace('127.0.0.1', 'localhost');
  process.env.E2E_MAIL_API = mailSink.apiUrl;
  // Specs that start servers of their own (dashboard-scale-out) send their mail to the same sink.
  process.env.E2E_SMTP_URL = mailSink.url;
  process.env.E2E_STRIPE_URL = stripe.url;
  // Specs that set up a state no screen can reach (a trial that has ended) use the server's database.
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;

  return async () => {
    await server.stop();
    await oidc.close();
    await mailSink.close();
    await stripe.close();
    if (serverUrl) await dropDatabase(serverUrl, databaseName);
  };
}
