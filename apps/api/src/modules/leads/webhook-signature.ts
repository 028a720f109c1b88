import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function generateWebhookSecret() {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

// `Askwell-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp is
// signed with the body so a captured request cannot be replayed later with a fresh timestamp.
export function signWebhook(secret: string, body: string, timestamp: number) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  { toleranceSeconds = 300, now = Date.now() } = {},
) {
  const parts = new Map(
    header.split(',').map((part) => {
      const [key, ...rest] = part.trim().split('=');
      return [key, rest.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
