import { z } from 'zod';
import { subscriptionTiers, type SubscriptionTier } from './auth';

// The customer dashboard's home page: live counts, what happened lately and what needs attention.
// Every figure is counted from the account's rows when it is asked for.

// The widget reports presence this often; a visitor is gone after one missed beat plus the
// realtime timeout (spec §9: heartbeat 30 s, timeout 10 s).
export const presenceHeartbeatSeconds = 30;
export const presenceTimeoutSeconds = 10;
export const presenceExpirySeconds = presenceHeartbeatSeconds + presenceTimeoutSeconds;

// What the product raises on an account's behalf is an error, warning or info; what staff publish
// is an alert, info or success (spec's notification types). Error is red, warning amber, the rest
// blue.
export const systemNotificationSeverities = [
  'error',
  'warning',
  'alert',
  'info',
  'success',
] as const;
export type SystemNotificationSeverity = (typeof systemNotificationSeverities)[number];
export type DashboardAlertType = SystemNotificationSeverity;
export const staffNoticeSeverities = ['alert', 'info', 'success'] as const;

export type DashboardAlert = {
  id: string;
  type: DashboardAlertType;
  message: string;
  timestamp: string;
  // Where the owner can act on it, e.g. the documents page for a failed document.
  link: string | null;
};

export type DashboardActivityKind =
  | 'lead_captured'
  | 'document_processed'
  | 'document_failed'
  | 'website_synced'
  | 'bot_created'
  | 'bot_updated'
  | 'api_key_created'
  | 'api_key_revoked';

export type DashboardActivity = {
  id: string;
  kind: DashboardActivityKind;
  message: string;
  timestamp: string;
};

export type DashboardOverview = {
  // The account still has the demo chatbot it started with; the dashboard offers to clear it.
  hasDemoData: boolean;
  // Visitors with a page holding one of the account's widgets open now.
  activeUsers: number;
  // Conversations open and not ended.
  activeChats: number;
  totalChats: number;
  successfulLeads: number;
  // successfulLeads / totalChats as a percentage with one decimal; 0 when there are no chats.
  conversionRate: number;
  // Mean seconds from a visitor's message to the end of the answer, over today in the caller's
  // time zone, one decimal; null when nothing was answered today.
  averageResponseSeconds: number | null;
  answeredToday: number;
  alerts: DashboardAlert[];
  activity: DashboardActivity[];
};

// The owner's open tabs hear this when a visitor arrives or leaves (counts are fetched again).
export const presenceChangedEventName = 'dashboard:presence';
// Spec §7's channel for new system notifications: the owner's tabs fetch their alerts again.
export const systemAlertEventName = 'system-alerts';

export function conversionRate(leads: number, chats: number) {
  if (chats <= 0) return 0;
  return Math.round((leads / chats) * 1000) / 10;
}

// Spec §9's realtime constants: a connection answers within the timeout or is dropped; after a
// drop the browser tries again after 1, 2, 5, then every 10 s.
export const realtimeTimeoutMs = presenceTimeoutSeconds * 1000;
export const realtimeHeartbeatMs = presenceHeartbeatSeconds * 1000;
export const realtimeReconnectDelaysMs = [1_000, 2_000, 5_000, 10_000] as const;

// The dashboard header's search over the account's own records (pages are matched in the browser).
export const accountSearchLimits = { minLength: 2, maxLength: 100, perKind: 5 } as const;

export type AccountSearchResults = {
  bots: { id: string; name: string }[];
  documents: {
    id: string;
    name: string;
    kind: 'document' | 'website' | 'qa';
    botId: string;
    botName: string;
  }[];
  conversations: { id: string; botName: string; preview: string | null; startedAt: string }[];
  leads: { id: string; name: string; email: string; botName: string }[];
};

// A notice staff publish to every account (spec: system_notifications); it shows among each
// account's System Alerts until withdrawn.
export const staffNoticeMaxLength = 500;
export const staffNoticeInputSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Write the notice.')
    .max(staffNoticeMaxLength, `Keep the notice under ${staffNoticeMaxLength} characters.`),
  severity: z.enum(staffNoticeSeverities),
  // Every customer when absent.
  audienceTier: z.enum(subscriptionTiers).nullable().default(null),
});
export type StaffNoticeInput = z.input<typeof staffNoticeInputSchema>;

export type StaffNotice = {
  id: string;
  message: string;
  severity: (typeof staffNoticeSeverities)[number];
  audienceTier: SubscriptionTier | null;
  // Customer accounts in the audience now.
  reach: number;
  createdAt: string;
  // Null while it is shown to customers.
  withdrawnAt: string | null;
};
