import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small server on loopback that speaks the parts of Razorpay's REST API Askwell calls (plans,
// subscriptions, cancel and undoing a scheduled cancel), in Razorpay's shapes, for the real
// `razorpay` SDK (RAZORPAY_API_BASE). It makes the webhook events Razorpay would send and signs
// them as Razorpay does: HMAC-SHA256 of the exact body with the webhook secret, in hex.

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startRazorpayServer({
  keyId,
  keySecret,
}: {
  keyId: string;
  keySecret: string;
}) {
  const requests: { method: string; path: string; body: Json }[] = [];
  const plans = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  function error(response: ServerResponse, status: number, description: string) {
    send(response, status, { error: { code: 'BAD_REQUEST_ERROR', description } });
  }

  function handle(request: IncomingMessage, text: string, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', url).pathname;
    const body = text ? (JSON.parse(text) as Json) : {};
    requests.push({ method, path, body });
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return error(response, 401, 'The api key provided is invalid');
    }
    if (method === 'POST' && path === '/v1/plans') {
      const plan = { id: id('plan'), entity: 'plan', ...body, created_at: nowSeconds() };
      plans.set(plan.id, plan);
      return send(response, 200, plan);
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!plans.has(String(body.plan_id)))
        return error(response, 400, 'The id provided does not exist');
      const subscription: Json = {
        id: id('sub'),
        entity: 'subscription',
        plan_id: body.plan_id,
        customer_id: null,
        status: 'created',
        current_start: null,
        current_end: null,
        total_count: body.total_count,
        notes: body.notes ?? [],
        has_scheduled_changes: false,
        short_url: `${url}/pay/${String(body.plan_id)}`,
        created_at: nowSeconds(),
      };
      subscriptions.set(String(subscription.id), subscription);
      return send(response, 200, subscription);
    }
    const action = /^\/v1\/subscriptions\/(sub_\w+)\/(cancel|cancel_scheduled_changes)$/.exec(path);
    if (method === 'POST' && action) {
      const subscription = subscriptions.get(action[1]!);
      if (!subscription) return error(response, 400, 'The id provided does not exist');
      if (action[2] === 'cancel') {
        if (body.cancel_at_cycle_end === 1) subscription.has_scheduled_changes = true;
        else subscription.status = 'cancelled';
      } else {
        subscription.has_scheduled_changes = false;
      }
      return send(response, 200, subscription);
    }
    return error(response, 404, `The requested URL was not found on the server: ${method} ${path}`);
  }

  function event(type: string, subscription: Json, created = nowSeconds()) {
    return {
      entity: 'event',
      account_id: 'acc_test',
      event: type,
      contains: ['subscription'],
      payload: { subscription: { entity: { ...subscription } } },
      created_at: created,
    };
  }

  return {
    url,
    requests,
    plans,
    subscriptions,
    // The customer authorised the mandate and the first charge went through.
    activate(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, {
        status: 'active',
        customer_id: id('cust'),
        current_start: nowSeconds(),
        current_end: nowSeconds() + 30 * 86_400,
      });
      return event('subscription.activated', subscription);
    },
    event(type: string, subscriptionId: string, changes: Json = {}, created?: number) {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, changes);
      return event(type, subscription, created);
    },
    sign(payload: string, secret: string) {
      return createHmac('sha256', secret).update(payload).digest('hex');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
