import {
  subscriptionTiers,
  type AccountPlan,
  type PlanLimits,
  type UsageMeter,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlansService } from './plans.service';

const meterSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
}) satisfies z.ZodType<UsageMeter>;

const limitsSchema = z.object({
  chatbots: z.number().int(),
  documentsPerBot: z.number().int(),
  websitePagesPerBot: z.number().int(),
  messagesPerMonth: z.number().int(),
  apiAccess: z.boolean(),
  ownProviderKeys: z.boolean(),
  removeBranding: z.boolean(),
}) satisfies z.ZodType<PlanLimits>;

const accountPlanSchema = z.object({
  tier: z.enum(subscriptionTiers),
  status: z.enum(['trial', 'premium', 'free', 'staff']),
  trialEndsAt: z.string().nullable(),
  periodEndsAt: z.string().nullable(),
  limits: limitsSchema,
  usage: z.object({
    periodStart: z.string(),
    messages: meterSchema,
    chatbots: meterSchema,
    documentsPerBot: meterSchema,
    websitePagesPerBot: meterSchema,
  }),
  pausedBotIds: z.array(z.string()),
}) satisfies z.ZodType<AccountPlan>;

export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (
  app,
  { plans },
) => {
  // The sidebar's meter and Settings → Plan & Billing read it.
  app.get(
    '/api/plan',
    {
      schema: { response: { 200: accountPlanSchema } },
      config: { access: 'signed-in', rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => plans.accountPlan(request.user!.id),
  );
};
