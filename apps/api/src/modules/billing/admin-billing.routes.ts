import {
  paymentSettingsUpdateSchema,
  premiumGrantSchema,
  rolesForSection,
  type PaymentSettingsView,
  type RevenueMetrics,
  type Role,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../audit/audit.service';
import { billingStateSchema } from './billing.routes';
import type { BillingService } from './billing.service';
import type { PaymentSettingsService } from './payment-settings.service';

type Options = { billing: BillingService; paymentSettings: PaymentSettingsService };

const maskedSchema = z.object({ set: z.boolean(), masked: z.string().nullable() });
const cardKeysSchema = z.object({
  publishableKey: z.string(),
  secretKey: maskedSchema,
  webhookSecret: maskedSchema,
});
const regionalKeysSchema = z.object({
  keyId: z.string(),
  keySecret: maskedSchema,
  webhookSecret: maskedSchema,
});
const paymentSettingsSchema = z.object({
  card: z.object({
    enabled: z.boolean(),
    testMode: z.boolean(),
    test: cardKeysSchema,
    live: cardKeysSchema,
  }),
  regional: z.object({
    enabled: z.boolean(),
    testMode: z.boolean(),
    test: regionalKeysSchema,
    live: regionalKeysSchema,
  }),
}) satisfies z.ZodType<PaymentSettingsView>;

const revenueSchema = z.object({
  currency: z.literal('usd'),
  mrr_minor: z.number(),
  arr_minor: z.number(),
  growth_percent: z.number().nullable(),
  paying_subscriptions: z.number().int(),
  staff_grants: z.number().int(),
}) satisfies z.ZodType<RevenueMetrics>;

// The back office's side of payments: Payment Settings, granting Premium, revenue figures.
export const adminBillingRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { billing, paymentSettings },
) => {
  const settingsAccess = { staff: rolesForSection('settings') };
  const writeLimit = { max: 30, timeWindow: '1 minute' };

  app.get(
    '/api/admin/settings/payment',
    {
      schema: { response: { 200: paymentSettingsSchema } },
      config: { access: settingsAccess, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async () => paymentSettings.view(),
  );

  app.put(
    '/api/admin/settings/payment',
    {
      schema: { body: paymentSettingsUpdateSchema, response: { 200: paymentSettingsSchema } },
      config: { access: settingsAccess, rateLimit: writeLimit },
    },
    async (request) => paymentSettings.update(auditActorOf(request), request.body),
  );

  app.post(
    '/api/admin/users/:userId/premium',
    {
      schema: {
        params: z.object({ userId: z.string().min(1).max(128) }),
        body: premiumGrantSchema,
        response: { 200: billingStateSchema },
      },
      config: {
        access: { staff: rolesForSection('users'), permissions: ['manage_users'] },
        rateLimit: writeLimit,
      },
    },
    async (request) => {
      const actor = { ...auditActorOf(request), role: request.user!.role as Role };
      await billing.grantPremium(actor, request.params.userId, request.body.months);
      return billing.state(request.params.userId);
    },
  );

  app.get(
    '/api/admin/overview/revenue',
    {
      schema: { response: { 200: revenueSchema } },
      config: {
        access: { staff: rolesForSection('dashboard') },
        rateLimit: { max: 120, timeWindow: '1 minute' },
      },
    },
    async () => billing.revenue(),
  );
};
