import { createHmac, timingSafeEqual } from 'node:crypto';

// A stateless token: the claims in base64url, then an HMAC over them with a key derived from the
// server secret and the token's purpose, so a token of one kind is never accepted as another.
export class SignedTokens<Claims extends { exp: number }> {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    purpose: string,
    private readonly ttlSeconds: number,
    // Checks the claims' own fields; `exp` and the signature are checked here.
    private readonly isValid: (claims: Claims) => boolean = () => true,
  ) {
    this.key = createHmac('sha256', serverSecret).update(purpose).digest();
  }

  issue(claims: Omit<Claims, 'exp'>, now = Date.now()) {
    const exp = Math.floor(now / 1000) + this.ttlSeconds;
    const body = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
    return { token: `${body}.${this.sign(body)}`, expiresAt: new Date(exp * 1000) };
  }

  verify(token: string, now = Date.now()): Claims | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
      return this.isValid(claims) ? claims : null;
    } catch {
      return null;
    }
  }

  private sign(body: string) {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
