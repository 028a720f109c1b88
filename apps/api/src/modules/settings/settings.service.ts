import {
  defaultModel,
  type ConnectionProvider,
  type ConnectionTestResult,
  type ModelSettings,
  type ModelSettingsUpdate,
  type ProviderKeyName,
} from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { maskSecret, type SecretBox } from '../../lib/secrets';
import {
  checkUrlTarget,
  createOutboundFetch,
  outboundErrorOf,
  type OutboundFetch,
  type Resolver,
} from '../../lib/outbound-http';
import { testProviderConnection } from './provider-connection';
import {
  findSettings,
  upsertSettings,
  type SettingsPatch,
  type SettingsRow,
} from './settings.repository';

// Everything the chat engine needs to call a model for one customer, decrypted.
export type ProviderSettings = {
  keys: Record<ProviderKeyName, string | null>;
  customEndpoint: string | null;
  defaultModel: string;
  useCustomEndpoint: boolean;
  // How to reach the custom endpoint: the outbound client, which refuses non-public addresses
  // (outside development), redirects and oversized answers.
  customFetch: typeof globalThis.fetch;
};

const columnOf = {
  openai: 'openaiKeyEncrypted',
  google: 'googleKeyEncrypted',
  anthropic: 'anthropicKeyEncrypted',
  customApiKey: 'customApiKeyEncrypted',
} as const satisfies Record<ProviderKeyName, keyof SettingsRow>;

const cacheMs = 5_000;

const noKeys: Record<ProviderKeyName, null> = {
  openai: null,
  google: null,
  anthropic: null,
  customApiKey: null,
};

export class SettingsService {
  // Every chat reply reads its owner's settings; a few seconds of reuse spares the database
  // without letting a changed key go unnoticed for long (this instance forgets at once).
  private readonly cache = new Map<string, { at: number; value: ProviderSettings }>();

  constructor(
    private readonly options: {
      db: Database;
      secrets: SecretBox;
      logger: Logger;
      // How long "test connection" waits for the provider.
      connectionTimeoutMs?: number;
      // A custom endpoint on a private network (a local Ollama) is fine for a self-hosted install
      // but lets a customer of a shared one reach the server's own network.
      allowPrivateNetwork?: boolean;
      // Tests resolve names without DNS.
      resolve?: Resolver;
      // Whether the owner's plan lets their own keys and endpoint be used now. Keys saved during
      // the trial are kept after it, but never used on a plan without the feature.
      ownProviderAllowed: (userId: string) => Promise<boolean>;
    },
  ) {
    this.outbound = createOutboundFetch({
      ...this.policy(),
      timeoutMs: 120_000,
      maxResponseBytes: 32 * 1024 * 1024,
      redirects: 'refuse',
    });
  }

  private readonly outbound: OutboundFetch;

  private policy() {
    return {
      allowPrivateNetwork: this.options.allowPrivateNetwork ?? false,
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    };
  }

  async get(userId: string): Promise<ModelSettings> {
    const [row, ownProviderActive] = await Promise.all([
      findSettings(this.options.db, userId),
      this.options.ownProviderAllowed(userId),
    ]);
    const keys = this.decryptKeys(row, userId);
    return {
      providerKeys: {
        openai: maskSecret(keys.openai),
        google: maskSecret(keys.google),
        anthropic: maskSecret(keys.anthropic),
        customApiKey: maskSecret(keys.customApiKey),
      },
      customEndpoint: row?.customEndpoint ?? null,
      defaultModel: row?.defaultModel ?? defaultModel,
      useCustomEndpoint: row?.useCustomEndpoint ?? false,
      ownProviderActive,
    };
  }

  async update(userId: string, input: ModelSettingsUpdate): Promise<ModelSettings> {
    const { secrets, db } = this.options;
    const patch: SettingsPatch = {};
    for (const [name, value] of Object.entries(input.providerKeys ?? {})) {
      if (value === undefined) continue;
      patch[columnOf[name as ProviderKeyName]] = value === null ? null : secrets.encrypt(value);
    }
    if (input.customEndpoint !== undefined) {
      patch.customEndpoint = input.customEndpoint ? input.customEndpoint.replace(/\/+$/, '') : null;
      if (patch.customEndpoint) await this.assertReachable(patch.customEndpoint);
    }
    if (input.defaultModel !== undefined) patch.defaultModel = input.defaultModel;
    if (input.useCustomEndpoint !== undefined) patch.useCustomEndpoint = input.useCustomEndpoint;

    if (patch.useCustomEndpoint || patch.customEndpoint === null) {
      const current = await findSettings(db, userId);
      const endpoint =
        patch.customEndpoint !== undefined ? patch.customEndpoint : current?.customEndpoint;
      const using = patch.useCustomEndpoint ?? current?.useCustomEndpoint ?? false;
      if (using && !endpoint) {
        throw new AppError('validation_error', 'Please check these fields: customEndpoint.', {
          customEndpoint: 'Enter the custom endpoint URL to use it.',
        });
      }
    }
    await upsertSettings(db, userId, patch);
    this.cache.delete(userId);
    return this.get(userId);
  }

  async providerSettings(userId: string): Promise<ProviderSettings> {
    const cached = this.cache.get(userId);
    if (cached && Date.now() - cached.at < cacheMs) return cached.value;
    const [row, allowed] = await Promise.all([
      findSettings(this.options.db, userId),
      this.options.ownProviderAllowed(userId),
    ]);
    const value: ProviderSettings = {
      keys: allowed ? this.decryptKeys(row, userId) : noKeys,
      customEndpoint: row?.customEndpoint ?? null,
      defaultModel: row?.defaultModel ?? defaultModel,
      useCustomEndpoint: allowed && (row?.useCustomEndpoint ?? false),
      customFetch: this.outbound,
    };
    this.cache.set(userId, { at: Date.now(), value });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  async testConnection(
    userId: string,
    provider: ConnectionProvider,
  ): Promise<ConnectionTestResult> {
    const settings = await this.providerSettings(userId);
    const timing = { timeoutMs: this.options.connectionTimeoutMs ?? 10_000 };
    if (provider === 'custom') {
      if (settings.customEndpoint) await this.assertReachable(settings.customEndpoint);
      return testProviderConnection(
        { provider, apiKey: settings.keys.customApiKey, baseUrl: settings.customEndpoint },
        { ...timing, fetch: this.outbound },
      );
    }
    return testProviderConnection({ provider, apiKey: settings.keys[provider] }, timing);
  }

  // A saved endpoint is checked again on every call; this only tells the owner early.
  private async assertReachable(endpoint: string) {
    try {
      await checkUrlTarget(endpoint, this.policy());
    } catch (error) {
      if (outboundErrorOf(error)?.code !== 'blocked_address') return;
      throw new AppError('validation_error', 'Please check these fields: customEndpoint.', {
        customEndpoint:
          'This address is on a private network, which this installation does not allow.',
      });
    }
  }

  // A key that no longer decrypts (the secrets key changed) counts as not set, so the customer
  // is asked for it again instead of the chat failing on every message.
  private decryptKeys(row: SettingsRow | null, userId: string) {
    const keys = {} as Record<ProviderKeyName, string | null>;
    for (const [name, column] of Object.entries(columnOf)) {
      try {
        keys[name as ProviderKeyName] = this.options.secrets.decryptNullable(row?.[column]);
      } catch {
        this.options.logger.warn(
          { userId, key: name },
          'stored provider key could not be decrypted',
        );
        keys[name as ProviderKeyName] = null;
      }
    }
    return keys;
  }
}
