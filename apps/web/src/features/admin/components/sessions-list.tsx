import { Monitor, Smartphone } from 'lucide-react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';

import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { formatDateTime, formatRelative } from '@/lib/format';

import { describeUserAgent } from '../lib/format';
import { AdminPanel } from './admin-panel';

function isPhone(userAgent: string | null) {
  return Boolean(userAgent && /Mobile|Android|iPhone|iPad/.test(userAgent));
}

export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <AdminPanel
      title="Sessions"
      description="Where your account is signed in. Sign out any session you do not recognise."
    >
      {sessions.isPending ? (
        <p role="status" className="px-6 py-8 text-sm text-slate-600">
          Loading sessions...
        </p>
      ) : sessions.isError ? (
        <p role="alert" className="px-6 py-8 text-sm text-red-800">
          Sessions could not be loaded: {sessions.error.message}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Active sessions">
            {sessions.data.map((session) => {
              const Icon = isPhone(session.userAgent) ? Smartphone : Monitor;
              return (
                <li
                  key={session.id}
                  className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:px-6"
                  data-testid="session"
                >
                  <div className="flex min-w-0 flex-1 items-start gap-3">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                        {describeUserAgent(session.userAgent)}
                        {session.current && (
                          <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200 ring-inset">
                            This device
                          </span>
                        )}
                      </p>
                      <p className="mt-0.5 text-sm text-slate-600">
                        {session.ipAddress || 'Unknown address'}
                        <span aria-hidden="true"> · </span>
                        Last active{' '}
                        <time
                          dateTime={session.updatedAt}
                          title={formatDateTime(session.updatedAt)}
                        >
                          {formatRelative(session.updatedAt)}
                        </time>
                      </p>
                    </div>
                  </div>
                  {!session.current && (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="self-start sm:self-auto"
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(session.token, {
                          onSuccess: () => toast.success('Session signed out'),
                          onError: (error) => toast.error(error.message),
                        })
                      }
                    >
                      Sign out
                      <span className="sr-only"> {describeUserAgent(session.userAgent)}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col gap-3 border-t border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <p className="text-sm text-slate-600">
              {others.length === 0
                ? 'No other sessions are signed in.'
                : others.length === 1
                  ? '1 other session is signed in.'
                  : `${others.length} other sessions are signed in.`}
            </p>
            <Button
              variant="secondary"
              size="sm"
              disabled={others.length === 0 || revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: () => toast.success('Other sessions signed out'),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Sign out other sessions
            </Button>
          </div>
        </>
      )}
    </AdminPanel>
  );
}
