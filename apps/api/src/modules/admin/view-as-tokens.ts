import { SignedTokens } from '../../lib/signed-tokens';

export type ViewAsClaims = { staffId: string; userId: string; exp: number };

// Long enough for a support call, short enough that a forgotten tab stops showing the account.
export const viewAsTtlSeconds = 4 * 60 * 60;

// A grant only the audited start of a view issues (POST /api/admin/users/:userId/view-as), so a
// staff member cannot open a customer's dashboard by setting the header by hand and leave no
// entry in the audit log. Bound to the staff member who started it: useless to anyone else.
export class ViewAsTokens extends SignedTokens<ViewAsClaims> {
  constructor(serverSecret: string) {
    super(
      serverSecret,
      'askwell-view-as-v1',
      viewAsTtlSeconds,
      (claims) => typeof claims.staffId === 'string' && typeof claims.userId === 'string',
    );
  }
}
