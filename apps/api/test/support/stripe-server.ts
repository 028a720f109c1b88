import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A small server on loopback that speaks the parts of Stripe's REST API Askwell calls (customers,
// Checkout Sessions, subscriptions, the billing portal, invoices), in Stripe's shapes, so the
// real `stripe` SDK runs against it (STRIPE_API_BASE). It keeps its objects in memory and makes
// the events Stripe would send; tests sign them with the SDK's own test header helper.

type Json = Record<string, unknown>;

export type StripeRequest = { method: string; path: string; body: Json; authorization?: string };

// Stripe's form encoding (`a[b][0][c]=1`) back into objects.
export function parseStripeForm(text: string): Json {
  const result: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Json | unknown[] = result;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[key] = value;
      } else {
        container[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {};
        node = container[key] as Json;
      }
    });
  }
  return result;
}

const signer = new Stripe('sk_test_signing_only').webhooks;
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startStripeServer() {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices: Json[] = [];
  let failNext = false;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(request, Buffer.concat(chunks).toString('utf8'), response);
      } catch (error) {
        send(response, 500, { error: { message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function send(response: ServerResponse, status: number, body: unknown, type = 'json') {
    response.writeHead(status, {
      'content-type': type === 'json' ? 'application/json' : 'text/html; charset=utf-8',
      'request-id': id('req'),
    });
    response.end(type === 'json' ? JSON.stringify(body) : String(body));
  }

  function notFound(response: ServerResponse, what: string) {
    send(response, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    });
  }

  function handle(request: IncomingMessage, text: string, response: ServerResponse) {
    const target = new URL(request.url ?? '/', url);
    const path = target.pathname;
    const method = request.method ?? 'GET';
    const body =
      method === 'GET' ? parseStripeForm(target.searchParams.toString()) : parseStripeForm(text);

    // The hosted checkout page a customer is sent to: it only links back, as Stripe does once paid.
    const page = /^\/checkout\/(cs_\w+)$/.exec(path);
    if (page && method === 'GET') {
      const session = sessions.get(page[1]!);
      if (!session) return send(response, 404, 'No such checkout session', 'html');
      return send(
        response,
        200,
        `<!doctype html><html><head><title>Test checkout</title></head><body>
<h1>Test checkout</h1><p>Askwell Premium, ${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency).toUpperCase()} a month.</p>
<a id="pay" href="${String(session.success_url)}">Pay</a> <a href="${String(session.cancel_url)}">Cancel</a>
</body></html>`,
        'html',
      );
    }

    // For a test in another process (the e2e suite): the customer paid on the hosted page; the
    // answer is the event Stripe would send, for the test to sign and deliver.
    const complete = /^\/_test\/checkout\/(cs_\w+)\/complete$/.exec(path);
    if (complete && method === 'POST') {
      if (!sessions.has(complete[1]!)) return notFound(response, 'checkout session');
      return send(response, 200, completeCheckout(complete[1]!));
    }

    // Likewise: a renewal charge was declined (Stripe retries it, sending the event again).
    const renewal = /^\/_test\/subscriptions\/(sub_\w+)\/fail-renewal$/.exec(path);
    if (renewal && method === 'POST') {
      if (!subscriptions.has(renewal[1]!)) return notFound(response, 'subscription');
      return send(response, 200, failRenewal(renewal[1]!));
    }

    requests.push({ method, path, body, authorization: request.headers.authorization });
    if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_')) {
      return send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    if (failNext) {
      failNext = false;
      return send(response, 500, { error: { type: 'api_error', message: 'Test failure' } });
    }

    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        created: nowSeconds(),
      };
      customers.set(customer.id, customer);
      return send(response, 200, customer);
    }

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = (body.line_items as Json[] | undefined) ?? [];
      const priceData = (lineItems[0]?.price_data ?? {}) as Json;
      const sessionId = id('cs_test');
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        line_items: lineItems,
        currency: priceData.currency ?? null,
        amount_total: Number(priceData.unit_amount ?? 0),
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        url: `${url}/checkout/${sessionId}`,
        created: nowSeconds(),
      };
      sessions.set(sessionId, session);
      return send(response, 200, session);
    }

    const subscriptionPath = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = subscriptions.get(subscriptionPath[1]!);
      if (!subscription) return notFound(response, 'subscription');
      if (method === 'POST' && body.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      return send(response, 200, subscription);
    }

    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(String(body.customer))) return notFound(response, 'customer');
      return send(response, 200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${url}/portal/${String(body.customer)}`,
      });
    }

    if (method === 'GET' && path === '/v1/invoices') {
      const data = invoices.filter((invoice) => invoice.customer === body.customer);
      return send(response, 200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }

    return notFound(response, `route ${method} ${path}`);
  }

  function event(type: string, object: Json, created = nowSeconds()) {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  }

  // The customer paid on the hosted page: the subscription exists and is active, the first
  // invoice is paid, and Stripe would now send checkout.session.completed.
  function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such checkout session ${sessionId}`);
    const periodEnd = nowSeconds() + 30 * 86_400;
    const subscriptionData = (session.subscription_data ?? {}) as Json;
    const subscription: Json = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: subscriptionData.metadata ?? {},
      items: {
        object: 'list',
        data: [{ id: id('si'), object: 'subscription_item', current_period_end: periodEnd }],
      },
      created: nowSeconds(),
    };
    subscriptions.set(String(subscription.id), subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
    });
    invoiceFor(subscription, 'paid');
    return event('checkout.session.completed', session);
  }

  function failRenewal(subscriptionId: string) {
    const subscription = subscriptions.get(subscriptionId)!;
    subscription.status = 'past_due';
    return event('invoice.payment_failed', invoiceFor(subscription, 'open'));
  }

  function invoiceFor(subscription: Json, status: 'paid' | 'open') {
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      number: `TEST-${String(invoices.length + 1).padStart(4, '0')}`,
      customer: subscription.customer,
      currency: 'usd',
      amount_due: 4900,
      amount_paid: status === 'paid' ? 4900 : 0,
      status,
      created: nowSeconds(),
      hosted_invoice_url: `${url}/invoices/${invoices.length + 1}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: subscription.id,
          metadata: subscription.metadata,
        },
      },
    };
    invoices.push(invoice);
    return invoice;
  }

  return {
    url,
    requests,
    sessions,
    subscriptions,
    // The next API call answers 500, as Stripe does during an incident.
    failNextRequest() {
      failNext = true;
    },
    completeCheckout,
    // A renewal charge was declined.
    failRenewal,
    subscriptionEvent(
      subscriptionId: string,
      type: 'customer.subscription.updated' | 'customer.subscription.deleted',
      changes: Json = {},
      created?: number,
    ) {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, changes);
      return event(type, { ...subscription }, created);
    },
    // Signed as Stripe signs: the SDK's own test helper over the exact body sent.
    sign(payload: string, secret: string, timestamp?: number) {
      return signer.generateTestHeaderString({ payload, secret, timestamp });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;
