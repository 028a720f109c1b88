import {
  systemAlertEventName,
  type StaffNoticeInput,
  type SystemNotificationSeverity,
} from '@askwell/shared';
import type { Database } from '../../db/client';
import type { Realtime } from '../../plugins/realtime';
import type { AuditActor, AuditService } from '../audit/audit.service';
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
    private readonly audit: AuditService,
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
  // The notice and its audit entry are written together or not at all.
  async publish(actor: AuditActor, notice: Required<StaffNoticeInput>) {
    const published = await this.db.transaction(async (tx) => {
      const row = await insertStaffNotice(tx, { ...notice, createdBy: actor.id });
      const reach = await staffNoticeReach(tx, row.id);
      await this.audit.record(
        actor,
        {
          action: 'notification.publish',
          target: { type: 'notification', id: row.id },
          details: {
            message: `Sent the notification “${row.message}” to ${audienceOf(row.audienceTier)}`,
            notice: row.message,
            severity: row.severity,
            audience: row.audienceTier ?? 'all',
            reach,
          },
        },
        tx,
      );
      return { notice: row, reach };
    });
    this.realtime.toEveryone(systemAlertEventName, { id: published.notice.id });
    return published;
  }

  listPublished(limit: number) {
    return listStaffNotices(this.db, limit);
  }

  // Withdrawing a notice that is already withdrawn changes nothing and records nothing.
  async withdraw(actor: AuditActor, id: string) {
    const withdrawn = await this.db.transaction(async (tx) => {
      const result = await withdrawStaffNotice(tx, id);
      if (!result) return undefined;
      const { notice: row, withdrawnNow } = result;
      if (withdrawnNow) {
        await this.audit.record(
          actor,
          {
            action: 'notification.withdraw',
            target: { type: 'notification', id: row.id },
            details: {
              message: `Withdrew the notification “${row.message}” from ${audienceOf(row.audienceTier)}`,
              notice: row.message,
              severity: row.severity,
              audience: row.audienceTier ?? 'all',
            },
          },
          tx,
        );
      }
      return row;
    });
    if (!withdrawn) return undefined;
    this.realtime.toEveryone(systemAlertEventName, { id: withdrawn.id });
    return { notice: withdrawn, reach: await staffNoticeReach(this.db, withdrawn.id) };
  }
}

function audienceOf(tier: string | null) {
  return tier ? `${tier} tier customers` : 'all customers';
}
