import {
  checkoutRequestSchema,
  paymentProviders,
  subscriptionStatuses,
  type BillingInvoice,
  type BillingState,
  type CheckoutResult,
} from '@askwell/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingService } from './billing.service';

type Options = { billing: BillingService; publicUrl?: string };

export const billingStateSchema = z.object({
  providers: z.array(z.enum(paymentProviders)),
  subscription: z
    .object({
      provider: z.enum([...paymentProviders, 'staff']),
      status: z.enum(subscriptionStatuses),
      current_period_end: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
      grace_ends_at: z.string().nullable(),
    })
    .nullable(),
  can_manage: z.boolean(),
}) satisfies z.ZodType<BillingState>;

const checkoutResultSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), url: z.string() }),
  z.object({
    provider: z.literal('razorpay'),
    key_id: z.string(),
    subscription_id: z.string(),
    name: z.string(),
    description: z.string(),
    prefill_email: z.string(),
  }),
]) satisfies z.ZodType<CheckoutResult>;

const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  amount_minor: z.number(),
  currency: z.string(),
  status: z.string().nullable(),
  created_at: z.string(),
  url: z.string().nullable(),
}) satisfies z.ZodType<BillingInvoice>;

const receivedSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });

// Where the providers send the customer back: the public address, or the one this request used.
function returnBase(request: FastifyRequest, publicUrl: string | undefined) {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

// The owner's Plan & Billing: read state, start a checkout, open the portal, list invoices,
// cancel at period end and resume. None of these change the plan: only webhooks do.
export const billingRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { billing, publicUrl },
) => {
  const readLimit = { max: 120, timeWindow: '1 minute' };
  const providerLimit = { max: 10, timeWindow: '1 minute' };

  app.get(
    '/api/billing',
    {
      schema: { response: { 200: billingStateSchema } },
      config: { access: 'signed-in', rateLimit: readLimit },
    },
    async (request) => billing.state(request.user!.id),
  );

  app.post(
    '/api/billing/checkout',
    {
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResultSchema } },
      config: { access: 'signed-in', rateLimit: providerLimit },
    },
    async (request) => {
      const user = request.user!;
      return billing.checkout(
        { id: user.id, email: user.email, name: user.name, role: String(user.role) },
        request.body.provider,
        returnBase(request, publicUrl),
      );
    },
  );

  app.post(
    '/api/billing/portal',
    {
      schema: { response: { 200: z.object({ url: z.string() }) } },
      config: { access: 'signed-in', rateLimit: providerLimit },
    },
    async (request) => billing.portal(request.user!.id, returnBase(request, publicUrl)),
  );

  app.get(
    '/api/billing/invoices',
    {
      schema: { response: { 200: z.object({ invoices: z.array(invoiceSchema) }) } },
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({ invoices: await billing.invoices(request.user!.id) }),
  );

  app.post(
    '/api/billing/cancel',
    {
      schema: { response: { 200: billingStateSchema } },
      config: { access: 'signed-in', rateLimit: providerLimit },
    },
    async (request) => billing.setCancelAtPeriodEnd(request.user!.id, true),
  );

  app.post(
    '/api/billing/resume',
    {
      schema: { response: { 200: billingStateSchema } },
      config: { access: 'signed-in', rateLimit: providerLimit },
    },
    async (request) => billing.setCancelAtPeriodEnd(request.user!.id, false),
  );
};

// The providers' webhooks read their body as the exact bytes sent: the signature covers those
// bytes, not a re-serialised JSON. Registered on their own so only they parse bodies this way.
export const billingWebhookRoutes: FastifyPluginAsyncZod<Options> = async (app, { billing }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // Providers retry; a burst after an outage is legitimate, a flood is not.
  const webhookLimit = { max: 600, timeWindow: '1 minute' };
  const header = (request: FastifyRequest, name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const rawBody = (request: FastifyRequest) =>
    Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

  app.post(
    '/api/billing/webhooks/stripe',
    {
      schema: { response: { 200: receivedSchema } },
      config: { access: 'public', rateLimit: webhookLimit },
    },
    async (request) => {
      const { duplicate } = await billing.stripeWebhook(
        rawBody(request),
        header(request, 'stripe-signature'),
      );
      return { received: true, duplicate };
    },
  );

  app.post(
    '/api/billing/webhooks/razorpay',
    {
      schema: { response: { 200: receivedSchema } },
      config: { access: 'public', rateLimit: webhookLimit },
    },
    async (request) => {
      const { duplicate } = await billing.razorpayWebhook(
        rawBody(request),
        header(request, 'x-razorpay-signature'),
        header(request, 'x-razorpay-event-id'),
      );
      return { received: true, duplicate };
    },
  );
};
