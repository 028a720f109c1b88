import { createHmac, timingSafeEqual } from 'node:crypto';

export type ViewAsClaims = { staffId: string; userId: string; exp: number };

// Long enough for a support call, short enough that a forgotten tab stops showing the account.
export const viewAsTtlSeconds = 4 * 60 * 60;

// A grant only the audited start of a view issues (POST /api/admin/users/:userId/view-as), so a
// staff member cannot open a customer's dashboard by setting the header by hand and leave no
// entry in the audit log. Bound to the staff member who started it: useless to anyone else.
export class ViewAsTokens {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('askwell-view-as-v1').digest();
  }

  issue(claims: Omit<ViewAsClaims, 'exp'>, now = Date.now()) {
    const exp = Math.floor(now / 1000) + viewAsTtlSeconds;
    const body = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
    return { token: `${body}.${this.sign(body)}`, expiresAt: new Date(exp * 1000) };
  }

  verify(token: string, now = Date.now()): ViewAsClaims | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ViewAsClaims;
      if (typeof claims.staffId !== 'string' || typeof claims.userId !== 'string') return null;
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
