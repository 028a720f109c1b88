import {
  connectionTestSchema,
  modelSettingsUpdateSchema,
  type ConnectionTestResult,
  type MaskedSecret,
  type ModelSettings,
  type ModelSettingsUpdate,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlansService } from '../plans/plans.service';
import type { SettingsService } from './settings.service';

// A stored key is never sent back: only whether it is set and its last characters.
const maskedSecretSchema = z.object({
  set: z.boolean(),
  masked: z.string().nullable(),
}) satisfies z.ZodType<MaskedSecret>;

const modelSettingsSchema = z.object({
  providerKeys: z.object({
    openai: maskedSecretSchema,
    google: maskedSecretSchema,
    anthropic: maskedSecretSchema,
    customApiKey: maskedSecretSchema,
  }),
  customEndpoint: z.string().nullable(),
  defaultModel: z.string(),
  useCustomEndpoint: z.boolean(),
  ownProviderActive: z
    .boolean()
    .describe('False while the plan does not include own provider keys: they are kept, not used.'),
}) satisfies z.ZodType<ModelSettings>;

const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
}) satisfies z.ZodType<ConnectionTestResult>;

// Storing a provider key or switching to a custom endpoint is a plan feature; removing them and
// choosing among Askwell's own models never is.
function setsOwnProvider(input: ModelSettingsUpdate) {
  return (
    Object.values(input.providerKeys ?? {}).some((value) => typeof value === 'string') ||
    Boolean(input.customEndpoint) ||
    input.useCustomEndpoint === true
  );
}

export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsService;
  plans: PlansService;
}> = async (app, { settings, plans }) => {
  app.get(
    '/api/settings',
    { schema: { response: { 200: modelSettingsSchema } }, config: { access: 'signed-in' } },
    async (request) => settings.get(request.user!.id),
  );

  app.put(
    '/api/settings',
    {
      schema: { body: modelSettingsUpdateSchema, response: { 200: modelSettingsSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      if (setsOwnProvider(request.body)) {
        await plans.requireFeature(request.user!.id, 'ownProviderKeys');
      }
      return settings.update(request.user!.id, request.body);
    },
  );

  app.post(
    '/api/settings/test-connection',
    {
      schema: { body: connectionTestSchema, response: { 200: connectionTestResultSchema } },
      config: {
        access: 'signed-in',
        // Each test makes an outgoing request on the customer's behalf.
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
    },
    async (request) => {
      // On a plan without own keys the saved ones are not used, so the answer is the upgrade
      // message rather than "no key saved".
      await plans.requireFeature(request.user!.id, 'ownProviderKeys');
      return settings.testConnection(request.user!.id, request.body.provider);
    },
  );
};
