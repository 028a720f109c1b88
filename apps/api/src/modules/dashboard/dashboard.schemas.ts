import {
  accountSearchLimits,
  systemNotificationSeverities,
  type AccountSearchResults,
  type DashboardActivity,
  type DashboardAlert,
  type DashboardOverview,
} from '@askwell/shared';
import { z } from 'zod';

const alertSchema = z.object({
  id: z.string(),
  type: z.enum(systemNotificationSeverities),
  message: z.string(),
  timestamp: z.string(),
  link: z.string().nullable(),
}) satisfies z.ZodType<DashboardAlert>;

const activitySchema = z.object({
  id: z.string(),
  kind: z.enum([
    'lead_captured',
    'document_processed',
    'document_failed',
    'website_synced',
    'bot_created',
    'bot_updated',
    'api_key_created',
    'api_key_revoked',
  ]),
  message: z.string(),
  timestamp: z.string(),
}) satisfies z.ZodType<DashboardActivity>;

export const dashboardOverviewSchema = z.object({
  hasDemoData: z
    .boolean()
    .describe("The account still has the sample data it started with ('Clear Demo Data')."),
  activeUsers: z.number().int(),
  activeChats: z.number().int(),
  totalChats: z.number().int(),
  successfulLeads: z.number().int(),
  conversionRate: z.number(),
  averageResponseSeconds: z.number().nullable(),
  answeredToday: z.number().int(),
  alerts: z.array(alertSchema),
  activity: z.array(activitySchema),
}) satisfies z.ZodType<DashboardOverview>;

// An IANA zone the browser reports (Intl), which PostgreSQL knows by the same name.
export const timeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

export const accountSearchQuerySchema = z.object({
  q: z.string().trim().min(accountSearchLimits.minLength).max(accountSearchLimits.maxLength),
});

export const accountSearchResultsSchema = z.object({
  bots: z.array(z.object({ id: z.string(), name: z.string() })),
  documents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(['document', 'website', 'qa']),
      botId: z.string(),
      botName: z.string(),
    }),
  ),
  conversations: z.array(
    z.object({
      id: z.string(),
      botName: z.string(),
      preview: z.string().nullable(),
      startedAt: z.string(),
    }),
  ),
  leads: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), botName: z.string() }),
  ),
}) satisfies z.ZodType<AccountSearchResults>;
