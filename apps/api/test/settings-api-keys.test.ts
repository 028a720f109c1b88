import type { ApiKey, ModelSettings } from '@askwell/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createApiKey } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  // As in production: customers may not point the server at its own network.
  context = await createTestApp({
    envVars: { SMTP_URL: sink.url, CRAWL_PRIVATE_NETWORKS: 'false' },
  });
  owner = await signUpCustomer(context, sink, 'settings-owner@shop.test', '10.5.0.1');
  stranger = await signUpCustomer(context, sink, 'settings-stranger@other.test', '10.5.0.2');
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

describe('model settings', () => {
  test('when nothing was saved, then the defaults are gpt-4-turbo with no keys and no custom endpoint', async () => {
    const response = await owner.get('/api/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json<ModelSettings>()).toEqual({
      providerKeys: {
        openai: { set: false, masked: null },
        google: { set: false, masked: null },
        anthropic: { set: false, masked: null },
        customApiKey: { set: false, masked: null },
      },
      customEndpoint: null,
      defaultModel: 'gpt-4-turbo',
      useCustomEndpoint: false,
      // A new account is in its trial, whose plan lets it use its own keys.
      ownProviderActive: true,
    });
  });

  test('when provider keys are saved, then they come back masked to their last 4 characters and are encrypted in the database', async () => {
    const openaiKey = 'sk-test-openai-0123456789abcdWXYZ';
    const saved = await owner.put('/api/settings', {
      providerKeys: { openai: openaiKey, anthropic: 'sk-ant-secret-value-7777' },
      defaultModel: 'claude-3-sonnet',
    });
    expect(saved.statusCode).toBe(200);
    const settings = (await owner.get('/api/settings')).json<ModelSettings>();
    expect(settings.providerKeys.openai).toEqual({ set: true, masked: '••••WXYZ' });
    expect(settings.providerKeys.anthropic).toEqual({ set: true, masked: '••••7777' });
    expect(settings.providerKeys.google.set).toBe(false);
    expect(settings.defaultModel).toBe('claude-3-sonnet');
    expect(JSON.stringify(settings)).not.toContain('0123456789');

    const rows = await context.database.db.execute<Record<string, string | null>>(
      sql`select * from user_settings`,
    );
    const stored = JSON.stringify(rows.rows);
    expect(stored).not.toContain(openaiKey);
    expect(stored).not.toContain('0123456789');
    expect(rows.rows[0]!.openai_key_encrypted).toMatch(/^v1\./);
  });

  test('when a key is omitted it is kept, and when it is null it is removed', async () => {
    await owner.put('/api/settings', {
      providerKeys: { anthropic: null },
      useCustomEndpoint: false,
    });
    const settings = (await owner.get('/api/settings')).json<ModelSettings>();
    expect(settings.providerKeys.openai.set).toBe(true);
    expect(settings.providerKeys.anthropic).toEqual({ set: false, masked: null });
  });

  test('when the custom endpoint is switched on without a URL, then the field is named', async () => {
    const response = await stranger.put('/api/settings', { useCustomEndpoint: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { customEndpoint: expect.any(String) } },
    });
  });

  test('when the custom endpoint is not an http URL, then it is refused', async () => {
    const response = await owner.put('/api/settings', { customEndpoint: 'ftp://models.local' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_error' } });
  });

  test('when the custom endpoint is on a private network, then it is refused; a public one is kept', async () => {
    const local = await owner.put('/api/settings', { customEndpoint: 'http://127.0.0.1:11434/v1' });
    expect(local.statusCode).toBe(400);
    expect(local.json()).toMatchObject({
      error: { fields: { customEndpoint: expect.stringContaining('private network') } },
    });
    const metadata = await owner.put('/api/settings', {
      customEndpoint: 'http://169.254.169.254/v1',
    });
    expect(metadata.statusCode).toBe(400);
    const saved = await owner.put('/api/settings', { customEndpoint: 'https://93.184.215.14/v1/' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ModelSettings>().customEndpoint).toBe('https://93.184.215.14/v1');
    await owner.put('/api/settings', { customEndpoint: null });
  });

  test('when another customer reads settings, then they see only their own', async () => {
    const settings = (await stranger.get('/api/settings')).json<ModelSettings>();
    expect(settings.providerKeys.openai.set).toBe(false);
    expect(settings.defaultModel).toBe('gpt-4-turbo');
  });

  test('when signed out, then settings are refused with 401', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(401);
  });
});

describe('Askwell API keys', () => {
  test('when a key is created, then its secret is shown once and only a hash is stored', async () => {
    const created = await createApiKey(owner, 'Production server');
    expect(created.secret).toMatch(/^askw_[A-Za-z0-9_-]{32}$/);
    expect(created.key).toMatchObject({
      name: 'Production server',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);

    const listed = (await owner.get('/api/api-keys')).json<{ keys: ApiKey[] }>();
    expect(listed.keys.map((key) => key.id)).toContain(created.key.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const rows = await context.database.db.execute(sql`select * from api_keys`);
    expect(JSON.stringify(rows.rows)).not.toContain(created.secret);
  });

  test('when a key has no name, then the name field is reported', async () => {
    const response = await owner.post('/api/api-keys', { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { fields: { name: 'Give the key a name' } } });
  });

  test('when a key is revoked, then it is listed as revoked', async () => {
    const created = await createApiKey(owner, 'Old key');
    const revoke = await owner.delete(`/api/api-keys/${created.key.id}`);
    expect(revoke.statusCode).toBe(204);
    const listed = (await owner.get('/api/api-keys')).json<{ keys: ApiKey[] }>();
    expect(listed.keys.find((key) => key.id === created.key.id)?.revokedAt).toEqual(
      expect.any(String),
    );
  });

  test('when another customer tries to revoke or list a key, then it is not found and stays usable', async () => {
    const created = await createApiKey(owner, 'Mine');
    const revoke = await stranger.delete(`/api/api-keys/${created.key.id}`);
    expect(revoke.statusCode).toBe(404);
    const theirs = (await stranger.get('/api/api-keys')).json<{ keys: ApiKey[] }>();
    expect(theirs.keys).toEqual([]);
    const mine = (await owner.get('/api/api-keys')).json<{ keys: ApiKey[] }>();
    expect(mine.keys.find((key) => key.id === created.key.id)?.revokedAt).toBeNull();
  });
});
