import type { Database, Executor } from '../../db/client';
import { AccountThrottle } from './account-throttle';
import { claimDemoSeeding, findAccountByEmail, renameAccount } from './accounts.repository';
import { toProfile, type SessionUser } from './profile';

// What the account routes need beyond better-auth: who holds an address, the per-account
// throttles, and the profile as the web app reads it.
export class AccountsService {
  readonly throttle: AccountThrottle;

  constructor(private readonly db: Database) {
    this.throttle = new AccountThrottle(db);
  }

  findByEmail(email: string) {
    return findAccountByEmail(this.db, email);
  }

  profileOf(user: SessionUser) {
    return toProfile(this.db, user);
  }

  claimDemoSeeding(userId: string, tx: Executor = this.db) {
    return claimDemoSeeding(tx, userId);
  }

  async rename(user: SessionUser, names: { firstName: string; lastName: string }) {
    const updated = await renameAccount(this.db, user.id, names);
    return this.profileOf({ ...user, ...updated! });
  }
}
