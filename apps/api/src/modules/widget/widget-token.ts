import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type WidgetSessionClaims = { botId: string; origin: string; visitorId: string; exp: number };

export const widgetSessionTtlSeconds = 60 * 60;
export const visitorIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

export function newVisitorId() {
  return randomBytes(16).toString('base64url');
}

// A stateless token: the claims in base64url, then an HMAC over them. Binding it to bot, origin
// and visitor means a token lifted from one site is useless on another.
export class WidgetTokens {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('askwell-widget-session-v1').digest();
  }

  issue(claims: Omit<WidgetSessionClaims, 'exp'>, now = Date.now()) {
    const exp = Math.floor(now / 1000) + widgetSessionTtlSeconds;
    const body = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
    return { token: `${body}.${this.sign(body)}`, expiresAt: new Date(exp * 1000) };
  }

  verify(token: string, now = Date.now()): WidgetSessionClaims | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(
        Buffer.from(body, 'base64url').toString('utf8'),
      ) as WidgetSessionClaims;
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
      return claims;
    } catch {
      return null;
    }
  }

  private sign(body: string) {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
