import type { Database } from '../../db/client';
import { listRoles, overview } from './admin.repository';

// What the back office reads: account counts and the staff roles (the users list is
// admin-users.service.ts).
export class AdminService {
  constructor(private readonly db: Database) {}

  overview() {
    return overview(this.db);
  }

  listRoles() {
    return listRoles(this.db);
  }
}
