import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // CI machines have 2 cores shared by the server, PostgreSQL and two browsers.
  timeout: process.env.CI ? 60_000 : 30_000,
  // Waits end as soon as the page gets there; on CI's 2 cores under two browsers, a server and
  // PostgreSQL (load average above 10), a page or an answer can take longer than 7 s to arrive.
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  outputDir: '../test-results/e2e',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['dashboard-scale-out.spec.ts', 'admin-settings.spec.ts'],
      use: { ...devices['Desktop Chrome'] },
    },
    // Starts two more servers and a database of its own: on CI's 2 cores that would slow every
    // spec running beside it, so it runs once the others are done.
    {
      name: 'scale-out',
      testMatch: 'dashboard-scale-out.spec.ts',
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
    // Switches platform-wide settings (two-factor for every staff sign-in, role permissions):
    // run beside other specs it would change what they see, so it runs once they are done.
    {
      name: 'platform-settings',
      testMatch: 'admin-settings.spec.ts',
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
});
