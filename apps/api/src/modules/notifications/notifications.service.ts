import {
  systemAlertEventName,
  type StaffNoticeInput,
  type SystemNotificationSeverity,
} from '@askwell/shared';
import type { Database } from '../../db/client';
import type { Realtime } from '../../plugins/realtime';
import {
  insertStaffNotice,
  listOpenNotices,
  listStaffNotices,
  raiseAccountNotice,
  resolveAccountNotice,
  staffNoticeReach,
  withdrawStaffNotice,
} from './notifications.repository';

// The spec's system_notifications: causes the product notices on an account's behalf (a model
// provider that fails, …) and notices staff publish to every account. Whoever is watching hears
// of a new one at once, on whichever instance their tab is connected (the realtime relay).
export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  async raise(
    userId: string,
    key: string,
    notice: { severity: SystemNotificationSeverity; message: string; link?: string | null },
  ) {
    const { id, opened } = await raiseAccountNotice(this.db, {
      userId,
      key,
      severity: notice.severity,
      message: notice.message,
      link: notice.link ?? null,
    });
    if (opened) this.realtime.toUser(userId, systemAlertEventName, { id });
  }

  async resolve(userId: string, key: string) {
    if (await resolveAccountNotice(this.db, userId, key))
      this.realtime.toUser(userId, systemAlertEventName, { key });
  }

  listOpen(userId: string, limit: number) {
    return listOpenNotices(this.db, userId, limit);
  }

  // Every signed-in tab hears of it; those outside the audience find nothing new when they look.
  async publish(staffId: string, notice: Required<StaffNoticeInput>) {
    const row = await insertStaffNotice(this.db, { ...notice, createdBy: staffId });
    this.realtime.toEveryone(systemAlertEventName, { id: row.id });
    return { notice: row, reach: await staffNoticeReach(this.db, row.id) };
  }

  listPublished(limit: number) {
    return listStaffNotices(this.db, limit);
  }

  async withdraw(id: string) {
    const row = await withdrawStaffNotice(this.db, id);
    if (!row) return undefined;
    this.realtime.toEveryone(systemAlertEventName, { id: row.id });
    return { notice: row, reach: await staffNoticeReach(this.db, row.id) };
  }
}
