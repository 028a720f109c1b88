import type { UserFilter } from '@askwell/shared';
import type { Database } from '../../db/client';
import { listRoles, listUsers, overview } from './admin.repository';

// What the back office reads: account counts, the user list and the staff roles.
export class AdminService {
  constructor(private readonly db: Database) {}

  overview() {
    return overview(this.db);
  }

  listUsers(search: string, filter: UserFilter) {
    return listUsers(this.db, search, filter);
  }

  listRoles() {
    return listRoles(this.db);
  }
}
