import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import {
  animationsSettled,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signInWithApi,
  test,
} from './fixtures';

const run = promisify(execFile);
const docs = fileURLToPath(new URL('../../shared/testdata/docs/', import.meta.url));
const shots = 'test-results/screens/chat-api';
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

async function checkScreen(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(phone);
  // The dashboard sidebar slides shut (and is then hidden) before the picture is taken.
  await expect(page.getByRole('navigation', { name: 'Dashboard', exact: true })).toBeHidden();
  await animationsSettled(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${shots}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(desktop);
}

// A stand-in for an OpenAI-compatible server (Ollama, vLLM): it accepts one key and answers
// anything else the way OpenAI does.
async function startModelServer(acceptedKey: string) {
  const server: Server = createServer((request, response) => {
    const ok =
      request.url === '/v1/models' && request.headers.authorization === `Bearer ${acceptedKey}`;
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        ok
          ? { object: 'list', data: [{ id: 'llama3.1', object: 'model' }] }
          : { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => server.close() };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(desktop);
});

test('a customer saves provider keys, sees them only masked after reload, tests a connection and picks a model', async ({
  page,
}) => {
  test.slow();
  const model = await startModelServer('local-good-key-9876');
  try {
    const account = await registerTestCustomer(page.request, { verified: true });
    await signInWithApi(page.request, baseUrl(), account.email, account.password);

    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText('Manage your account settings and preferences')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'API Keys' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Model Preferences' })).toBeVisible();

    const openaiKey = 'sk-e2e-secret-openai-key-7Q3x';
    await page.getByRole('textbox', { name: 'OpenAI API key' }).fill(openaiKey);
    await page
      .getByRole('textbox', { name: 'Anthropic API key' })
      .fill('sk-ant-e2e-secret-anthropic-W9zk');
    await page.getByLabel('Custom endpoint URL').fill(model.url);
    await page.getByRole('textbox', { name: 'Custom API key' }).fill('local-wrong-key-0000');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/settings') && response.request().method() === 'PUT',
    );
    // Holds the real request back a moment so the saving state can be seen.
    await page.route('**/api/settings', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect((await saved).status()).toBe(200);
    await page.unroute('**/api/settings');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('provider-key-openai-masked')).toContainText('7Q3x');
    await expect(page.getByTestId('provider-key-anthropic-masked')).toContainText('W9zk');
    await expect(page.getByTestId('provider-key-customApiKey-masked')).toContainText('0000');
    await expect(page.getByLabel('Custom endpoint URL')).toHaveValue(model.url);
    await expect(page.getByRole('textbox', { name: 'Google AI API key' })).toHaveValue('');
    const html = await page.content();
    expect(html).not.toContain(openaiKey);
    expect(html).not.toContain('sk-ant-e2e-secret');

    // The provider's own refusal reaches the user in plain words, then the right key connects.
    await page.getByRole('button', { name: 'Test connection to the custom endpoint' }).click();
    await expect(page.getByTestId('test-custom-result')).toContainText('rejected the API key');
    await expect(page.getByTestId('test-custom-result')).toContainText(
      'Incorrect API key provided.',
    );
    await page.getByRole('button', { name: 'Replace Custom API key' }).click();
    await page.getByRole('textbox', { name: 'Custom API key' }).fill('local-good-key-9876');
    await expect(
      page.getByRole('button', { name: 'Test connection to the custom endpoint' }),
    ).toBeDisabled();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('provider-key-customApiKey-masked')).toContainText('9876');
    await page.getByRole('button', { name: 'Test connection to the custom endpoint' }).click();
    await expect(page.getByTestId('test-custom-result')).toContainText('Connected');
    await expect(page.getByRole('button', { name: 'Test connection to Google' })).toBeDisabled();
    // OpenAI has no address field: its failure names what the owner can change (the key) or says
    // plainly that the server could not reach it, never "check the endpoint URL".
    await page.getByRole('button', { name: 'Test connection to OpenAI' }).click();
    await expect(page.getByTestId('test-openai-result')).toHaveText(
      /^OpenAI (could not be reached from the Askwell server|rejected the API key)/,
      { timeout: 20_000 },
    );
    await expect(page.getByTestId('test-openai-result')).not.toContainText('endpoint');
    await checkScreen(page, 'settings-api-keys');

    // Removing a key takes effect on save.
    await page.getByRole('button', { name: 'Remove Anthropic API key' }).click();
    await expect(page.getByText(/will be removed when you save changes/)).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Anthropic API key' })).toHaveValue('');
    await expect(page.getByTestId('provider-key-openai-masked')).toContainText('7Q3x');

    await page.getByRole('tab', { name: 'Model Preferences' }).click();
    const modelSelect = page.getByLabel('Default model');
    await expect(modelSelect).toHaveValue('gpt-4-turbo');
    await expect(modelSelect.locator('option')).toHaveText([
      /^gpt-4-turbo/,
      /^gpt-3.5-turbo/,
      /^gemini-pro/,
      /^claude-3-opus/,
      /^claude-3-sonnet/,
    ]);
    await expect(page.getByTestId('model-status')).toContainText('with your OpenAI key');
    await modelSelect.selectOption('gemini-pro');
    await expect(page.getByTestId('model-status')).toContainText('No Google key saved');
    await checkScreen(page, 'settings-model-preferences');

    const toggle = page.getByRole('switch', { name: 'Use custom endpoint' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.getByLabel('Default model').fill('llama3.1');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Model Preferences' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('switch', { name: 'Use custom endpoint' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByLabel('Default model')).toHaveValue('llama3.1');
    await expect(page.getByTestId('model-status')).toContainText(
      'llama3.1 on your custom endpoint',
    );
  } finally {
    model.close();
  }
});

test('a customer creates an API key, runs the Integration page example as is and gets an answer citing their document', async ({
  page,
}) => {
  test.slow();
  const account = await registerTestCustomer(page.request, { verified: true });
  await signInWithApi(page.request, baseUrl(), account.email, account.password);
  const origin = { Origin: baseUrl() };

  const created = await page.request.post('/api/bots', {
    headers: origin,
    data: {
      name: 'Manifesto Bot',
      description: '',
      tone: 'friendly',
      goal: 'information',
      instructions: '',
      starterQuestions: [],
      fallbackMessage: "I don't know that yet.",
      widgetConfig: {
        primaryColor: '#1E40AF',
        buttonColor: '#1E40AF',
        textColor: '#1F2937',
        fontFamily: 'Inter, sans-serif',
        welcomeMessage: 'Hello! How can I help you today?',
        placeholderText: 'Type your message...',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bot = (await created.json()) as { id: string };
  const upload = await page.request.post(`/api/bots/${bot.id}/documents`, {
    headers: origin,
    multipart: {
      file: {
        name: 'pypdf-crazyones.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync(`${docs}/pdf/pypdf-crazyones.pdf`),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/sources?botId=${bot.id}`);
        const sources = (await response.json()) as Array<{ status: string }>;
        return sources.map((source) => source.status).join(',');
      },
      { timeout: 30_000 },
    )
    .toBe('completed');

  await page.goto('/dashboard/settings');
  const keys = page.getByRole('region', { name: 'Askwell API keys' });
  await expect(keys.getByText('No API keys yet')).toBeVisible();
  await keys.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Give the key a name')).toBeVisible();
  await dialog.getByLabel('Key name').fill('E2E terminal');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'API key created' });
  await expect(shown.getByText('Copy this key now.')).toBeVisible();
  const secret = (await shown.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(/^askw_/);
  await shown.getByRole('button', { name: 'Copy API key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await checkScreen(page, 'settings-key-created');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const row = keys.getByTestId('api-key-row').filter({ hasText: 'E2E terminal' });
  await expect(row).toContainText(secret.slice(0, 11));
  await expect(row).toContainText('Never');
  await expect(row.getByTestId('api-key-status')).toHaveText('Active');
  // The secret is shown once only.
  await page.reload();
  expect(await page.content()).not.toContain(secret);

  await page.goto('/dashboard/integration');
  await expect(page.getByRole('heading', { level: 1, name: 'Integration' })).toBeVisible();
  await expect(
    page.getByText('Add your AI chatbot to your website or integrate it with your mobile app.'),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Website Integration' })).toBeVisible();
  await page.getByRole('tab', { name: 'API Integration' }).click();
  await expect(page.getByTestId('api-base-url')).toHaveText(baseUrl());
  await expect(page.getByTestId('api-key-count')).toHaveText('You have 1 active API key.');
  await expect(page.getByLabel('Chatbot', { exact: true })).toHaveValue(bot.id);
  await page.getByLabel('Message', { exact: true }).fill('Who has no respect for the status quo?');
  const curl = (await page.getByTestId('curl-example').textContent())!;
  expect(curl).toContain(`${baseUrl()}/v1/chat`);
  expect(curl).toContain(bot.id);

  const copy = page.getByRole('button', { name: 'Copy curl example' });
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy curl example' })).toBeVisible({
    timeout: 4000,
  });
  await expect(page.getByText('iOS · Swift (URLSession)')).toBeVisible();
  await page.getByRole('tab', { name: 'Android · Kotlin' }).click();
  await expect(page.getByText('Android · Kotlin (OkHttp)')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Android · Kotlin' })).toContainText(bot.id);
  await page.getByRole('tab', { name: 'JavaScript' }).click();
  await expect(page.getByRole('tabpanel', { name: 'JavaScript' })).toContainText(
    `${baseUrl()}/v1/chat`,
  );
  await page.getByRole('tab', { name: 'curl' }).click();
  await expect(page.getByRole('link', { name: /API reference/ })).toHaveAttribute(
    'href',
    '/docs/api',
  );
  await checkScreen(page, 'integration-api');

  await page.getByRole('link', { name: 'Create an API key in Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings#askwell-api-keys$/);
  await expect(page.getByRole('region', { name: 'Askwell API keys' })).toBeInViewport();

  // Run exactly what the page shows, the way a customer pastes it into a terminal.
  const env = { ...process.env, ASKWELL_API_KEY: secret };
  const { stdout } = await run('bash', ['-c', curl], { env });
  const answer = JSON.parse(stdout) as {
    reply: string;
    sessionId: string;
    sources: Array<{ title: string }>;
  };
  expect(answer.reply.length).toBeGreaterThan(0);
  expect(answer.sessionId).toBeTruthy();
  expect(answer.sources.map((source) => source.title)).toContain('pypdf-crazyones.pdf');
  expect(answer.reply.toLowerCase()).toContain('status quo');

  // The stream has the event names and data shape the API reference documents.
  const streamed = await page.request.post('/v1/chat', {
    headers: { Authorization: `Bearer ${secret}` },
    data: { botId: bot.id, message: 'Who has no respect for the status quo?', stream: true },
  });
  expect(streamed.headers()['content-type']).toContain('text/event-stream');
  const events = (await streamed.text()).trim().split('\n\n');
  expect(events[0]).toMatch(/^event: start\ndata: \{"type":"start"/);
  expect(events.at(-1)).toMatch(/^event: done\ndata: \{"type":"done"/);
  expect(events.at(-1)).toContain('pypdf-crazyones.pdf');

  await page.goto('/dashboard/settings');
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Revoke E2E terminal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
  await expect(confirm).toContainText('E2E terminal');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row.getByTestId('api-key-status')).toHaveText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke E2E terminal' })).toHaveCount(0);

  const refused = await run(
    'bash',
    ['-c', curl.replace('curl -sS', 'curl -sS -w "\\n%{http_code}"')],
    {
      env,
    },
  );
  const [body, status] = refused.stdout.trim().split('\n');
  expect(status).toBe('403');
  expect(JSON.parse(body!)).toMatchObject({ error: { code: 'forbidden' } });
});

test('the API reference is public, readable on a phone and linked from the Integration page', async ({
  page,
}) => {
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.getByTestId('docs-base-url')).toHaveText(baseUrl());
  for (const heading of [
    'Authentication',
    'Send a message',
    'Streaming',
    'OpenAI-compatible endpoint',
    'Errors',
    'Rate limits',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const errors = page.getByRole('region', { name: 'Error statuses and codes' });
  for (const status of ['400', '401', '403', '404', '413', '429']) {
    await expect(errors.getByRole('cell', { name: status, exact: true })).toBeVisible();
  }
  const openapi = await page.request.get('/v1/openapi.json');
  expect(openapi.status()).toBe(200);
  expect(((await openapi.json()) as { paths: object }).paths).toHaveProperty('/v1/chat');
  await checkScreen(page, 'api-reference');
});
