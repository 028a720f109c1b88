import {
  staffNoticeInputSchema,
  staffNoticeMaxLength,
  staffNoticeSeverities,
  type StaffNotice,
  type SubscriptionTier,
} from '@askwell/shared';
import clsx from 'clsx';
import { Megaphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, controlStyles } from '@/components/ui/form-field';
import { RelativeTime } from '@/components/ui/relative-time';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { countOf, formatDateTime } from '@/lib/format';

import { usePublishNotice, useStaffNotices, useWithdrawNotice } from '../api/notifications';
import { AdminPanel } from './admin-panel';

type Severity = (typeof staffNoticeSeverities)[number];

const severityLabels: Record<Severity, string> = {
  alert: 'Alert',
  info: 'Info',
  success: 'Success',
};

const audienceLabels: Record<SubscriptionTier | 'all', string> = {
  all: 'All customers',
  free: 'Free tier',
  premium: 'Premium tier',
};

// Customers see every staff notice in blue (the spec colours only errors and warnings), so the
// list shows them the same way.
const severityBadge = 'bg-blue-50 text-blue-900 ring-blue-200';

function NoticeForm() {
  const publish = usePublishNotice();
  const [message, setMessage] = useState('');
  const [severity, setSeverity] = useState<Severity>('info');
  const [audience, setAudience] = useState<SubscriptionTier | 'all'>('all');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { message, severity, audienceTier: audience === 'all' ? null : audience };
    const parsed = staffNoticeInputSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    publish.mutate(input, {
      onSuccess: (notice) => {
        toast.success(`Notification sent to ${countOf(notice.reach, 'customer')}`);
        setMessage('');
      },
      onError: (failure) => {
        setError(failure.fields.message);
        toast.error(failure.message || 'The notification could not be sent. Try again.');
      },
    });
  };

  return (
    <AdminPanel
      title="Send a notification"
      description="It appears at once among the System Alerts and in the bell of every signed-in customer in the audience, until you withdraw it."
    >
      <form
        aria-label="Send a notification"
        noValidate
        onSubmit={submit}
        className="space-y-5 p-5 sm:p-6"
      >
        <FormField
          id="notice-message"
          label="Message"
          error={error}
          hint={`${message.trim().length} of ${staffNoticeMaxLength} characters`}
        >
          {(a11y) => (
            <textarea
              {...a11y}
              rows={3}
              value={message}
              maxLength={staffNoticeMaxLength + 50}
              onChange={(event) => setMessage(event.target.value)}
              className={controlStyles(Boolean(error), 'resize-y')}
            />
          )}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="notice-severity" label="Severity">
            {(a11y) => (
              <select
                {...a11y}
                value={severity}
                onChange={(event) => setSeverity(event.target.value as Severity)}
                className={controlStyles(false)}
              >
                {staffNoticeSeverities.map((value) => (
                  <option key={value} value={value}>
                    {severityLabels[value]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="notice-audience" label="Audience">
            {(a11y) => (
              <select
                {...a11y}
                value={audience}
                onChange={(event) => setAudience(event.target.value as SubscriptionTier | 'all')}
                className={controlStyles(false)}
              >
                {Object.entries(audienceLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={publish.isPending}>
            {publish.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <Megaphone className="size-4" aria-hidden="true" />
            )}
            Send notification
          </Button>
        </div>
      </form>
    </AdminPanel>
  );
}

function NoticeRow({ notice, onWithdraw }: { notice: StaffNotice; onWithdraw: () => void }) {
  const live = notice.withdrawnAt === null;
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:px-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={clsx(
              'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
              severityBadge,
            )}
          >
            {severityLabels[notice.severity]}
          </span>
          <span
            className={clsx(
              'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
              live
                ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                : 'bg-slate-100 text-slate-700 ring-slate-200',
            )}
          >
            {live ? 'Live' : 'Withdrawn'}
          </span>
        </div>
        <p className="mt-2 text-sm font-medium break-words text-slate-900">{notice.message}</p>
        <p className="mt-1 text-xs text-slate-600">
          {audienceLabels[notice.audienceTier ?? 'all']} · reaches{' '}
          {countOf(notice.reach, 'customer')} · sent <RelativeTime value={notice.createdAt} />
          {notice.withdrawnAt && <> · withdrawn {formatDateTime(notice.withdrawnAt)}</>}
        </p>
      </div>
      {live && (
        <Button
          size="sm"
          variant="secondary"
          className="self-start text-red-700!"
          onClick={onWithdraw}
          aria-label={`Withdraw “${notice.message.slice(0, 40)}”`}
        >
          Withdraw
        </Button>
      )}
    </li>
  );
}

// Staff notices to customers (system_notifications without an account): write one, see where it
// went, withdraw it.
export function StaffNotices() {
  const notices = useStaffNotices();
  const withdraw = useWithdrawNotice();
  const [withdrawing, setWithdrawing] = useState<StaffNotice | null>(null);

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => {
        toast.success('Notification withdrawn');
        setWithdrawing(null);
      },
      onError: (failure) => toast.error(failure.message),
    });
  };

  return (
    <div className="space-y-6">
      <NoticeForm />
      <AdminPanel title="Sent notifications">
        {notices.isPending ? (
          <div className="flex items-center justify-center gap-3 py-12 text-sm text-slate-600">
            <Spinner className="size-5 text-brand-700" />
            Loading...
          </div>
        ) : notices.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm text-slate-700">
            <p>The notifications could not be loaded. {notices.error.message}</p>
            <RetryButton query={notices} />
          </div>
        ) : notices.data.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-slate-600">
            No notifications sent yet.
          </p>
        ) : (
          <ul aria-label="Sent notifications" className="divide-y divide-slate-100">
            {notices.data.map((notice) => (
              <NoticeRow
                key={notice.id}
                notice={notice}
                onWithdraw={() => setWithdrawing(notice)}
              />
            ))}
          </ul>
        )}
      </AdminPanel>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw notification?"
        confirmLabel="Withdraw"
        pending={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      >
        Customers stop seeing “{withdrawing?.message}” at once.
      </ConfirmDialog>
    </div>
  );
}
