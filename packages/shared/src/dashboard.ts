// The customer dashboard's home page: live counts, what happened lately and what needs attention.
// Every figure is counted from the account's rows when it is asked for.

// The widget reports presence this often; a visitor is gone after one missed beat plus the
// realtime timeout (spec §9: heartbeat 30 s, timeout 10 s).
export const presenceHeartbeatSeconds = 30;
export const presenceTimeoutSeconds = 10;
export const presenceExpirySeconds = presenceHeartbeatSeconds + presenceTimeoutSeconds;

export type DashboardAlertType = 'error' | 'warning' | 'info';

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
