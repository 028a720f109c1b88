import type { PaymentSettingsUpdate, PaymentSettingsView } from '@askwell/shared';
import type { Database } from '../../db/client';
import { maskSecret, type SecretBox } from '../../lib/secrets';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { PlatformSettingsService } from '../platform-settings/platform-settings.service';

type Mode = 'test' | 'live';

// As stored in platform_settings 'payment': secrets are SecretBox ciphertext, never plaintext.
type StoredCardKeys = {
  publishableKey: string;
  secretKey: string | null;
  webhookSecret: string | null;
};
type StoredRegionalKeys = { keyId: string; keySecret: string | null; webhookSecret: string | null };
type StoredRazorpayPlan = { id: string; amount: number; currency: string };
export type StoredPaymentSettings = {
  card: { enabled: boolean; testMode: boolean; test: StoredCardKeys; live: StoredCardKeys };
  regional: {
    enabled: boolean;
    testMode: boolean;
    test: StoredRegionalKeys;
    live: StoredRegionalKeys;
    // The Razorpay plan checkout subscribes to, per mode, created once and reused while the price
    // stays the same.
    plans?: Partial<Record<Mode, StoredRazorpayPlan>>;
  };
};

// The keys of the mode each provider is in, decrypted for the SDKs.
export type StripeKeys = {
  mode: Mode;
  publishableKey: string;
  secretKey: string | null;
  webhookSecret: string | null;
};
export type RazorpayKeys = {
  mode: Mode;
  keyId: string;
  keySecret: string | null;
  webhookSecret: string | null;
};

const emptyCard = (): StoredCardKeys => ({
  publishableKey: '',
  secretKey: null,
  webhookSecret: null,
});
const emptyRegional = (): StoredRegionalKeys => ({
  keyId: '',
  keySecret: null,
  webhookSecret: null,
});

// Spec §4: both providers start enabled and in test mode.
function defaults(): StoredPaymentSettings {
  return {
    card: { enabled: true, testMode: true, test: emptyCard(), live: emptyCard() },
    regional: { enabled: true, testMode: true, test: emptyRegional(), live: emptyRegional() },
  };
}

function modeOf(testMode: boolean): Mode {
  return testMode ? 'test' : 'live';
}

// Payment Settings: the providers' keys (test and live apart, secrets encrypted at rest and only
// ever shown masked) and whether each provider is offered at checkout.
export class PaymentSettingsService {
  constructor(
    private readonly options: {
      db: Database;
      secrets: SecretBox;
      audit: AuditService;
      platformSettings: PlatformSettingsService;
    },
  ) {}

  async stored(): Promise<StoredPaymentSettings> {
    const value = (await this.options.platformSettings.read(
      'payment',
    )) as Partial<StoredPaymentSettings> | null;
    const base = defaults();
    return {
      card: { ...base.card, ...value?.card },
      regional: { ...base.regional, ...value?.regional },
    };
  }

  async view(): Promise<PaymentSettingsView> {
    const stored = await this.stored();
    const decrypt = (value: string | null) => this.options.secrets.decryptNullable(value);
    const card = (keys: StoredCardKeys) => ({
      publishableKey: keys.publishableKey,
      secretKey: maskSecret(decrypt(keys.secretKey)),
      webhookSecret: maskSecret(decrypt(keys.webhookSecret)),
    });
    const regional = (keys: StoredRegionalKeys) => ({
      keyId: keys.keyId,
      keySecret: maskSecret(decrypt(keys.keySecret)),
      webhookSecret: maskSecret(decrypt(keys.webhookSecret)),
    });
    return {
      card: {
        enabled: stored.card.enabled,
        testMode: stored.card.testMode,
        test: card(stored.card.test),
        live: card(stored.card.live),
      },
      regional: {
        enabled: stored.regional.enabled,
        testMode: stored.regional.testMode,
        test: regional(stored.regional.test),
        live: regional(stored.regional.live),
      },
    };
  }

  async update(actor: AuditActor, input: PaymentSettingsUpdate) {
    const { db, secrets, audit, platformSettings } = this.options;
    const before = await this.stored();
    // An empty secret field keeps what is stored: the form never receives the secret back.
    const keep = (next: string | undefined, stored: string | null) =>
      next ? secrets.encrypt(next) : stored;
    const cardKeys = (next: PaymentSettingsUpdate['card']['test'], stored: StoredCardKeys) => ({
      publishableKey: next.publishableKey ?? stored.publishableKey,
      secretKey: keep(next.secretKey, stored.secretKey),
      webhookSecret: keep(next.webhookSecret, stored.webhookSecret),
    });
    const regionalKeys = (
      next: PaymentSettingsUpdate['regional']['test'],
      stored: StoredRegionalKeys,
    ) => ({
      keyId: next.keyId ?? stored.keyId,
      keySecret: keep(next.keySecret, stored.keySecret),
      webhookSecret: keep(next.webhookSecret, stored.webhookSecret),
    });
    const after: StoredPaymentSettings = {
      card: {
        enabled: input.card.enabled,
        testMode: input.card.testMode,
        test: cardKeys(input.card.test, before.card.test),
        live: cardKeys(input.card.live, before.card.live),
      },
      regional: {
        enabled: input.regional.enabled,
        testMode: input.regional.testMode,
        test: regionalKeys(input.regional.test, before.regional.test),
        live: regionalKeys(input.regional.live, before.regional.live),
        // A new key pair may belong to another Razorpay account, where the old plan is unknown.
        plans: sameKeyIds(before, input) ? before.regional.plans : undefined,
      },
    };
    const changed = describeChanges(before, input);
    await db.transaction(async (tx) => {
      await platformSettings.write('payment', after, actor.id, tx);
      await audit.record(
        actor,
        {
          action: 'payment_settings.update',
          target: { type: 'settings', id: 'payment' },
          details: {
            message: `Changed payment settings: ${changed.length > 0 ? changed.join(', ') : 'no changes'}`,
            changed,
          },
        },
        tx,
      );
    });
    return this.view();
  }

  async stripeKeys(): Promise<StripeKeys | null> {
    const { card } = await this.stored();
    if (!card.enabled) return null;
    const mode = modeOf(card.testMode);
    const keys = card[mode];
    return {
      mode,
      publishableKey: keys.publishableKey,
      secretKey: this.options.secrets.decryptNullable(keys.secretKey),
      webhookSecret: this.options.secrets.decryptNullable(keys.webhookSecret),
    };
  }

  async razorpayKeys(): Promise<RazorpayKeys | null> {
    const { regional } = await this.stored();
    if (!regional.enabled) return null;
    const mode = modeOf(regional.testMode);
    const keys = regional[mode];
    return {
      mode,
      keyId: keys.keyId,
      keySecret: this.options.secrets.decryptNullable(keys.keySecret),
      webhookSecret: this.options.secrets.decryptNullable(keys.webhookSecret),
    };
  }

  async razorpayPlan(mode: Mode) {
    return (await this.stored()).regional.plans?.[mode] ?? null;
  }

  async rememberRazorpayPlan(mode: Mode, plan: StoredRazorpayPlan) {
    const stored = await this.stored();
    stored.regional.plans = { ...stored.regional.plans, [mode]: plan };
    await this.options.platformSettings.write('payment', stored, null);
  }
}

function sameKeyIds(before: StoredPaymentSettings, input: PaymentSettingsUpdate) {
  return (
    (input.regional.test.keyId ?? before.regional.test.keyId) === before.regional.test.keyId &&
    (input.regional.live.keyId ?? before.regional.live.keyId) === before.regional.live.keyId
  );
}

// Names of what changed, never a key's value.
function describeChanges(before: StoredPaymentSettings, input: PaymentSettingsUpdate) {
  const changed: string[] = [];
  const flag = (label: string, was: boolean, now: boolean) => {
    if (was !== now) changed.push(`${label} ${now ? 'on' : 'off'}`);
  };
  flag('card provider', before.card.enabled, input.card.enabled);
  flag('card test mode', before.card.testMode, input.card.testMode);
  flag('regional provider', before.regional.enabled, input.regional.enabled);
  flag('regional test mode', before.regional.testMode, input.regional.testMode);
  for (const mode of ['test', 'live'] as const) {
    const card = input.card[mode];
    if (
      card.publishableKey !== undefined &&
      card.publishableKey !== before.card[mode].publishableKey
    )
      changed.push(`card ${mode} publishable key`);
    if (card.secretKey) changed.push(`card ${mode} secret key`);
    if (card.webhookSecret) changed.push(`card ${mode} webhook secret`);
    const regional = input.regional[mode];
    if (regional.keyId !== undefined && regional.keyId !== before.regional[mode].keyId)
      changed.push(`regional ${mode} key id`);
    if (regional.keySecret) changed.push(`regional ${mode} key secret`);
    if (regional.webhookSecret) changed.push(`regional ${mode} webhook secret`);
  }
  return changed;
}
