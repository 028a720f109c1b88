import {
  rolesForSection,
  staffNoticeInputSchema,
  staffNoticeSeverities,
  subscriptionTiers,
  type StaffNotice,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../audit/audit.service';
import type { SystemNotificationRow } from './notifications.repository';
import type { NotificationsService } from './notifications.service';

const publishedLimit = 100;

const staffNoticeSchema = z.object({
  id: z.string(),
  message: z.string(),
  severity: z.enum(staffNoticeSeverities),
  audienceTier: z.enum(subscriptionTiers).nullable(),
  reach: z.number().int(),
  createdAt: z.string(),
  withdrawnAt: z.string().nullable(),
}) satisfies z.ZodType<StaffNotice>;

function toStaffNotice({
  notice: row,
  reach,
}: {
  notice: SystemNotificationRow;
  reach: number;
}): StaffNotice {
  return {
    id: row.id,
    message: row.message,
    severity: row.severity as StaffNotice['severity'],
    audienceTier: row.audienceTier,
    reach,
    createdAt: row.createdAt.toISOString(),
    withdrawnAt: row.resolvedAt?.toISOString() ?? null,
  };
}

// Staff publish notices (maintenance, incidents) that every account sees among its System Alerts.
// The back office's Notifications screen is built on these.
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  const access = { staff: rolesForSection('notifications') };

  app.get(
    '/api/admin/notifications',
    {
      schema: { response: { 200: z.object({ notices: z.array(staffNoticeSchema) }) } },
      config: { access, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async () => ({
      notices: (await notifications.listPublished(publishedLimit)).map(toStaffNotice),
    }),
  );

  app.post(
    '/api/admin/notifications',
    {
      schema: { body: staffNoticeInputSchema, response: { 201: staffNoticeSchema } },
      config: { access, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const published = await notifications.publish(auditActorOf(request), request.body);
      return reply.status(201).send(toStaffNotice(published));
    },
  );

  app.delete(
    '/api/admin/notifications/:noticeId',
    {
      schema: {
        params: z.object({ noticeId: z.uuid() }),
        response: { 200: staffNoticeSchema },
      },
      config: { access, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const withdrawn = await notifications.withdraw(
        auditActorOf(request),
        request.params.noticeId,
      );
      if (!withdrawn) throw new AppError('not_found', 'Notice not found.');
      return toStaffNotice(withdrawn);
    },
  );
};
