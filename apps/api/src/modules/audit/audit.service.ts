import { auditActions, type AuditAction, type AuditDetails } from '@askwell/shared';
import type { Database, Executor } from '../../db/client';
import {
  formatCursor,
  insertAdminLog,
  listAdminLogs,
  newestAdminLogs,
  parseCursor,
  type AdminLogFilters,
  type AdminLogRow,
} from './audit.repository';

// Who did it: the signed-in staff member (request.user) and the address the request came from.
export type AuditActor = { id: string; email: string; ip: string | null };
// Askwell itself, acting on a provider's verified webhook or a scheduled job (no staff member).
export type SystemActor = { id: null; email: string; ip: null };

export type AuditEvent = {
  action: AuditAction;
  target?: {
    type:
      'user' | 'chatbot' | 'ticket' | 'notification' | 'role' | 'job' | 'settings' | 'subscription';
    id: string;
  };
  details: AuditDetails;
};

// The one way a staff action reaches admin_logs. Callers record after the action succeeded, in the
// same transaction when they have one (pass it as `db`), so the log never claims what did not happen.
//
// Settings' 'Enable Audit Logging' switch is applied here and nowhere else: with it off, actions
// marked `security` in the catalogue are still written, the rest are not.
export class AuditService {
  constructor(
    private readonly db: Database,
    private readonly loggingOn: () => Promise<boolean> = async () => true,
  ) {}

  async record(actor: AuditActor | SystemActor, event: AuditEvent, db: Executor = this.db) {
    const kind = auditActions[event.action];
    if (!kind) throw new Error(`Unknown audit action ${event.action}`);
    if (!kind.security && !(await this.loggingOn())) return null;
    return insertAdminLog(db, {
      adminId: actor.id,
      adminEmail: actor.email,
      action: event.action,
      targetType: event.target?.type ?? null,
      targetId: event.target?.id ?? null,
      ipAddress: actor.ip,
      details: event.details,
    });
  }

  async list(filters: AdminLogFilters, page: { before?: string; limit: number }) {
    const { rows, next } = await listAdminLogs(this.db, filters, {
      before: page.before ? parseCursor(page.before) : undefined,
      limit: page.limit,
    });
    return { rows, nextCursor: next ? formatCursor(next) : null };
  }

  // Every matching row, newest first, a page at a time: an export of the whole log holds one page
  // in memory, never the log.
  async *pages(filters: AdminLogFilters, pageSize = 1000): AsyncGenerator<AdminLogRow[]> {
    let before: string | undefined;
    do {
      const { rows, nextCursor } = await this.list(filters, { before, limit: pageSize });
      if (rows.length > 0) yield rows;
      before = nextCursor ?? undefined;
    } while (before);
  }

  newest(limit: number) {
    return newestAdminLogs(this.db, limit);
  }
}

// The actor of a request that passed a staff route's access check.
export function auditActorOf(request: { user: { id: string; email: string } | null; ip: string }) {
  if (!request.user) throw new Error('An audited action needs a signed-in staff member.');
  return { id: request.user.id, email: request.user.email, ip: request.ip } satisfies AuditActor;
}
