import {
  defaultSecuritySettings,
  generalSettingsSchema,
  isStaffRole,
  securitySettingsSchema,
  type GeneralSettings,
  type SecuritySettings,
} from '@askwell/shared';
import type { Database } from '../../db/client';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { PlatformSettingsService } from '../platform-settings/platform-settings.service';
import { mailAddress } from './site-mail';

// What the security section stores besides the two switches: the moment two-factor became
// required, so that only sessions started after it must set up TOTP ("at its next sign-in").
type StoredSecurity = SecuritySettings & { two_factor_required_since: string | null };

// The product's name and mail address before anyone saved General Settings: the name the product
// has always carried and the address its mail is sent from (MAIL_FROM).
export function defaultGeneralSettings(mailFrom: string): GeneralSettings {
  return { site_name: 'Askwell', admin_email: mailAddress(mailFrom).toLowerCase() };
}

// A stored section that no longer parses (hand-edited, or from an older shape) falls back to the
// defaults field by field rather than breaking sign-in or mail.
function parseOr<T extends Record<string, unknown>>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
  stored: Record<string, unknown> | null,
  fallback: T,
): T {
  const merged = { ...fallback, ...stored };
  const parsed = schema.safeParse(merged);
  return parsed.success ? (parsed.data as T) : fallback;
}

// Whether 'Enable Audit Logging' is on; read by AuditService.record on every non-security action.
export async function auditLoggingOn(platformSettings: PlatformSettingsService) {
  const stored = await platformSettings.read('security');
  return parseOr(securitySettingsSchema, stored, defaultSecuritySettings).audit_logging;
}

// The General and Security sections of the back office's System Configuration: their values with
// defaults, saving them (audited as settings changes), and what they mean for a staff session.
export class SiteSettingsService {
  constructor(
    private readonly options: {
      db: Database;
      platformSettings: PlatformSettingsService;
      audit: AuditService;
      mailFrom: string;
    },
  ) {}

  async general(): Promise<GeneralSettings> {
    const stored = await this.options.platformSettings.read('general');
    return parseOr(generalSettingsSchema, stored, defaultGeneralSettings(this.options.mailFrom));
  }

  private async storedSecurity(): Promise<StoredSecurity> {
    const stored = await this.options.platformSettings.read('security');
    const switches = parseOr(securitySettingsSchema, stored, defaultSecuritySettings);
    const since = stored?.two_factor_required_since;
    return {
      ...switches,
      two_factor_required_since:
        switches.two_factor_required && typeof since === 'string' ? since : null,
    };
  }

  async security(): Promise<SecuritySettings> {
    const { two_factor_required, audit_logging } = await this.storedSecurity();
    return { two_factor_required, audit_logging };
  }

  async updateGeneral(actor: AuditActor, input: GeneralSettings): Promise<GeneralSettings> {
    const { db, platformSettings, audit } = this.options;
    const before = await this.general();
    const changed = (Object.keys(input) as (keyof GeneralSettings)[]).filter(
      (key) => before[key] !== input[key],
    );
    if (changed.length === 0) return before;
    await db.transaction(async (tx) => {
      await platformSettings.write('general', input, actor.id, tx);
      await audit.record(
        actor,
        {
          action: 'settings.update',
          target: { type: 'settings', id: 'general' },
          details: {
            message: `Changed General Settings: ${changed.map((key) => `${fieldLabels[key]} “${before[key]}” → “${input[key]}”`).join('; ')}`,
            section: 'general',
            before: pick(before, changed),
            after: pick(input, changed),
          },
        },
        tx,
      );
    });
    return input;
  }

  async updateSecurity(actor: AuditActor, input: SecuritySettings): Promise<SecuritySettings> {
    const { db, platformSettings, audit } = this.options;
    const stored = await this.storedSecurity();
    const changed = (Object.keys(input) as (keyof SecuritySettings)[]).filter(
      (key) => stored[key] !== input[key],
    );
    if (changed.length === 0) return this.security();
    const next: StoredSecurity = {
      ...input,
      two_factor_required_since: !input.two_factor_required
        ? null
        : (stored.two_factor_required_since ?? new Date().toISOString()),
    };
    await db.transaction(async (tx) => {
      await platformSettings.write('security', next, actor.id, tx);
      // 'settings.update' is a security action: turning audit logging off is itself logged.
      await audit.record(
        actor,
        {
          action: 'settings.update',
          target: { type: 'settings', id: 'security' },
          details: {
            message: `Changed Security Settings: ${changed.map((key) => `${fieldLabels[key]} ${input[key] ? 'on' : 'off'}`).join('; ')}`,
            section: 'security',
            before: pick(stored, changed),
            after: pick(input, changed),
          },
        },
        tx,
      );
    });
    return { two_factor_required: next.two_factor_required, audit_logging: next.audit_logging };
  }

  // A staff session started while two-factor is required, by an account without TOTP, may do
  // nothing but set it up. Sessions from before the requirement run on until they end.
  async twoFactorSetupPending(
    user: { role?: string | null; twoFactorEnabled?: boolean | null },
    session: { createdAt: Date | string },
  ) {
    if (!isStaffRole(user.role) || user.twoFactorEnabled) return false;
    const { two_factor_required, two_factor_required_since } = await this.storedSecurity();
    if (!two_factor_required || !two_factor_required_since) return false;
    return new Date(session.createdAt).getTime() >= new Date(two_factor_required_since).getTime();
  }

  async twoFactorRequired() {
    return (await this.storedSecurity()).two_factor_required;
  }
}

const fieldLabels: Record<keyof GeneralSettings | keyof SecuritySettings, string> = {
  site_name: 'Site Name',
  admin_email: 'Admin Email',
  two_factor_required: 'Enable Two-Factor Authentication',
  audit_logging: 'Enable Audit Logging',
};

function pick<T extends object>(value: T, keys: (keyof T)[]) {
  return Object.fromEntries(keys.map((key) => [key, value[key]]));
}
