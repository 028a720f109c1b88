import type { DashboardActivity, DashboardActivityKind } from '@askwell/shared';
import clsx from 'clsx';
import {
  Activity,
  Bot,
  FileCheck2,
  FileX2,
  Globe,
  KeyRound,
  KeySquare,
  PencilLine,
  UserRoundPlus,
  type LucideIcon,
} from 'lucide-react';

import { Panel } from '@/components/ui/panel';

import { RelativeTime } from '@/components/ui/relative-time';

const kindIcon: Record<DashboardActivityKind, { icon: LucideIcon; tone: string }> = {
  lead_captured: { icon: UserRoundPlus, tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  document_processed: { icon: FileCheck2, tone: 'bg-sky-50 text-sky-800 ring-sky-200' },
  document_failed: { icon: FileX2, tone: 'bg-red-50 text-red-800 ring-red-200' },
  website_synced: { icon: Globe, tone: 'bg-sky-50 text-sky-800 ring-sky-200' },
  bot_created: { icon: Bot, tone: 'bg-brand-50 text-brand-800 ring-brand-100' },
  bot_updated: { icon: PencilLine, tone: 'bg-brand-50 text-brand-800 ring-brand-100' },
  api_key_created: { icon: KeyRound, tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  api_key_revoked: { icon: KeySquare, tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
};

const fallbackKind = { icon: Activity, tone: 'bg-slate-100 text-slate-700 ring-slate-200' };

export function RecentActivity({
  activity,
  className,
}: {
  activity: DashboardActivity[];
  className?: string;
}) {
  return (
    <Panel
      title="Recent Activity"
      icon={<Activity className="size-5" aria-hidden="true" />}
      className={clsx('min-w-0', className)}
    >
      {activity.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-pretty text-slate-600 sm:px-6">
          No activity yet. Leads, documents and chatbot changes will appear here.
        </p>
      ) : (
        <ul aria-label="Recent activity" className="divide-y divide-slate-100">
          {activity.map((entry) => {
            // A kind added to the API before this page knows it still shows, with a plain icon.
            const { icon: Icon, tone } = kindIcon[entry.kind] ?? fallbackKind;
            return (
              <li key={entry.id} className="flex items-start gap-3 px-5 py-3.5 sm:px-6">
                <span
                  className={clsx(
                    'flex size-8 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
                    tone,
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <p className="min-w-0 text-sm break-words text-slate-900">{entry.message}</p>
                  <RelativeTime
                    value={entry.timestamp}
                    className="shrink-0 text-xs whitespace-nowrap text-slate-600"
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
