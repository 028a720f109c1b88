import Razorpay from 'razorpay';
import Stripe from 'stripe';

// The official SDKs, with their API host replaceable (STRIPE_API_BASE, RAZORPAY_API_BASE) so that
// tests and local development talk to a server on loopback that speaks the same API.

export function stripeClient(secretKey: string, apiBase: string | undefined) {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
  });
}

// The SDK's webhook verification needs no key, only the endpoint's secret.
export const stripeWebhooks = new Stripe('sk_webhooks_only').webhooks;

type RazorpayInternals = { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } };

export function razorpayClient(keyId: string, keySecret: string, apiBase: string | undefined) {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK has no host option; its axios instance is where every call's base URL comes from.
  const internals = client as unknown as RazorpayInternals;
  if (apiBase) internals.api.rq.defaults.baseURL = apiBase.replace(/\/$/, '');
  internals.api.rq.defaults.timeout = 15_000;
  return client;
}

export const validateRazorpaySignature = Razorpay.validateWebhookSignature;

export { Stripe };
