import { z } from 'zod';
import { isCalendarDate } from './fields';

// The back office's audit log (spec §3 admin_logs): every staff action, append-only. Security events
// are written even when staff switch 'Enable Audit Logging' off.
export const auditActions = {
  'auth.sign_in': { label: 'Signed in', security: true },
  'auth.sign_in_failed': { label: 'Sign-in refused', security: true },
  'auth.two_factor_enable': { label: 'Set up two-factor authentication', security: true },
  'auth.two_factor_disable': { label: 'Turned off two-factor authentication', security: true },
  'user.create': { label: 'Created a user', security: true },
  'user.update': { label: 'Edited a user', security: false },
  'user.password_set': { label: "Set a user's password", security: true },
  'user.role_change': { label: 'Changed a role', security: true },
  'user.tier_change': { label: 'Changed a subscription tier', security: false },
  'user.suspend': { label: 'Suspended a user', security: true },
  'user.unsuspend': { label: 'Lifted a suspension', security: true },
  'user.delete': { label: 'Deleted a user', security: true },
  'user.view_as': { label: 'Viewed as customer', security: true },
  'chatbot.disable': { label: 'Disabled a chatbot', security: false },
  'chatbot.enable': { label: 'Enabled a chatbot', security: false },
  'ticket.assign': { label: 'Assigned a ticket', security: false },
  'ticket.reply': { label: 'Replied to a ticket', security: false },
  'ticket.close': { label: 'Closed a ticket', security: false },
  'ticket.reopen': { label: 'Reopened a ticket', security: false },
  'notification.publish': { label: 'Sent a notification', security: false },
  'notification.withdraw': { label: 'Withdrew a notification', security: false },
  'settings.update': { label: 'Changed settings', security: true },
  'role.permissions_change': { label: 'Changed role permissions', security: true },
  'job.retry': { label: 'Retried a training job', security: false },
  'job.cancel': { label: 'Cancelled a training job', security: false },
  'subscription.grant': { label: 'Granted Premium', security: false },
  'payment_settings.update': { label: 'Changed payment settings', security: true },
} as const satisfies Record<string, { label: string; security: boolean }>;

export type AuditAction = keyof typeof auditActions;
export const auditActionNames = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];

// What a row says about itself; `message` is what activity lists show (spec §3), the rest is the
// action's own facts (what changed, from what to what).
export type AuditDetails = { message: string } & Record<string, unknown>;

export type AuditLogEntry = {
  id: string;
  admin_id: string | null;
  admin_email: string;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  ip_address: string | null;
  details: AuditDetails;
  created_at: string;
};

// --- Reading the log (GET /api/admin/logs, its CSV export and the dashboard's activity) ---------

export const auditLogPageSize = 50;
export const auditLogMaxPageSize = 100;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const instantSchema = z.iso.datetime({ offset: true });

// A whole day (YYYY-MM-DD, in UTC) or an exact instant with its offset: the back office sends the
// bounds of the staff member's own day as instants, so the filter matches the times it shows.
const logTime = z
  .string()
  .max(40)
  .superRefine((value, context) => {
    if (dayPattern.test(value)) {
      if (!isCalendarDate(value)) {
        context.addIssue({
          code: 'custom',
          message: 'This date does not exist. Use a date like 2026-01-31.',
        });
      }
    } else if (!instantSchema.safeParse(value).success) {
      context.addIssue({ code: 'custom', message: 'Use a date like 2026-01-31.' });
    }
  });

const filterShape = {
  admin: z.string().trim().max(200, 'Keep the e-mail under 200 characters.').optional(),
  action: z.enum(auditActionNames, { error: 'Choose an action from the list.' }).optional(),
  from: logTime.optional(),
  to: logTime.optional(),
};

function inOrder(query: { from?: string; to?: string }) {
  return !query.from || !query.to || logTimeStart(query.from) <= logTimeEnd(query.to);
}
const outOfOrder = { path: ['to'], message: 'The end date is before the start date.' };

export const auditLogFiltersSchema = z.object(filterShape).refine(inOrder, outOfOrder);

export const auditLogQuerySchema = z
  .object({
    ...filterShape,
    // Where the previous page ended (its next_cursor); absent for the newest page.
    before: z
      .string()
      .regex(
        /^\d{1,18}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        'This page link is not valid any more. Reload the list.',
      )
      .optional(),
    limit: z.coerce.number().int().min(1).max(auditLogMaxPageSize).default(auditLogPageSize),
  })
  .refine(inOrder, outOfOrder);
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export type AuditLogPage = { entries: AuditLogEntry[]; next_cursor: string | null };

// The first instant a bound covers, and the last: a day runs to its end, an instant is itself.
export function logTimeStart(value: string) {
  return dayPattern.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
}

export function logTimeEnd(value: string) {
  if (!dayPattern.test(value)) return new Date(value);
  return new Date(new Date(`${value}T00:00:00Z`).getTime() + 86_400_000 - 1);
}

export const auditCsvColumns = ['Timestamp', 'Admin', 'Action', 'IP Address', 'Details'] as const;

// Spec §3 "Activity": the dashboard's list of the newest staff actions.
export const adminActivityLimit = 10;
export type AdminActivityItem = {
  id: string;
  type: AuditAction;
  message: string;
  timestamp: string;
};
export type AdminActivity = { activity: AdminActivityItem[] };

export function auditActionLabel(action: string) {
  return (auditActions as Record<string, { label: string }>)[action]?.label ?? action;
}
