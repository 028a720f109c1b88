import {
  generalSettingsSchema,
  rolesForSection,
  securitySettingsSchema,
  type GeneralSettings,
  type SecuritySettings,
  type SiteInfo,
  type TwoFactorStatus,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../audit/audit.service';
import type { SiteSettingsService } from './site-settings.service';

const generalResponse = z.object({
  site_name: z.string(),
  admin_email: z.string(),
}) satisfies z.ZodType<GeneralSettings>;

const securityResponse = z.object({
  two_factor_required: z.boolean(),
  audit_logging: z.boolean(),
}) satisfies z.ZodType<SecuritySettings>;

// Settings → General and Security (Payment is billing's own routes). Super admins only, as the
// spec's §6 has it for settings.
export const siteSettingsRoutes: FastifyPluginAsyncZod<{
  siteSettings: SiteSettingsService;
}> = async (app, { siteSettings }) => {
  const access = { staff: rolesForSection('settings'), permissions: ['manage_settings'] };
  const read = { access, rateLimit: { max: 120, timeWindow: '1 minute' } };
  const write = { access, rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get(
    '/api/admin/settings/general',
    { schema: { response: { 200: generalResponse } }, config: read },
    async () => siteSettings.general(),
  );

  app.put(
    '/api/admin/settings/general',
    {
      schema: { body: generalSettingsSchema, response: { 200: generalResponse } },
      config: write,
    },
    async (request) => siteSettings.updateGeneral(auditActorOf(request), request.body),
  );

  app.get(
    '/api/admin/settings/security',
    { schema: { response: { 200: securityResponse } }, config: read },
    async () => siteSettings.security(),
  );

  app.put(
    '/api/admin/settings/security',
    {
      schema: { body: securitySettingsSchema, response: { 200: securityResponse } },
      config: write,
    },
    async (request) => siteSettings.updateSecurity(auditActorOf(request), request.body),
  );

  // Every page's title carries the site name, signed in or not.
  app.get(
    '/api/site',
    {
      schema: { response: { 200: z.object({ site_name: z.string() }) } },
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (): Promise<SiteInfo> => ({ site_name: (await siteSettings.general()).site_name }),
  );

  // The profile's two-factor section: whether this account has TOTP and whether staff must.
  app.get(
    '/api/me/two-factor',
    {
      schema: {
        response: { 200: z.object({ enabled: z.boolean(), required: z.boolean() }) },
      },
      config: {
        access: { staff: rolesForSection('dashboard') },
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
    },
    async (request): Promise<TwoFactorStatus> => ({
      enabled: Boolean(request.user!.twoFactorEnabled),
      required: await siteSettings.twoFactorRequired(),
    }),
  );
};
