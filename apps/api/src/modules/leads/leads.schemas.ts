import { leadStatuses, type Lead, type LeadList } from '@askwell/shared';
import { z } from 'zod';

export const leadSchema = z.object({
  id: z.string(),
  botId: z.string(),
  botName: z.string(),
  conversationId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  consent: z.boolean(),
  status: z.enum(leadStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Lead>;

export const leadListSchema = z.object({
  leads: z.array(leadSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
}) satisfies z.ZodType<LeadList>;
