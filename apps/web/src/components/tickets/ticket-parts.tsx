import {
  ticketMessageMaxLength,
  ticketMessageSchema,
  ticketStatusLabels,
  type TicketMessage,
  type TicketStatus,
} from '@askwell/shared';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { FormField, controlStyles } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatRelative } from '@/lib/format';

const statusTones: Record<TicketStatus, string> = {
  open: 'bg-amber-50 text-amber-800 ring-amber-200',
  pending: 'bg-sky-50 text-sky-800 ring-sky-200',
  closed: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function TicketStatusBadge({
  status,
  // Customers read 'pending' as the team waiting for them.
  labels = ticketStatusLabels,
}: {
  status: TicketStatus;
  labels?: Record<TicketStatus, string>;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        statusTones[status],
      )}
    >
      {labels[status]}
    </span>
  );
}

export const customerStatusLabels: Record<TicketStatus, string> = {
  open: 'Open',
  pending: 'Answered',
  closed: 'Closed',
};

export function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelative(at)}
    </time>
  );
}

// The conversation of one ticket, oldest first. `ownSide` is the side whose messages sit right.
export function TicketThread({
  messages,
  ownSide,
}: {
  messages: TicketMessage[];
  ownSide: 'customer' | 'staff';
}) {
  return (
    <ol className="space-y-4" aria-label="Messages">
      {messages.map((message) => {
        const own = message.from_staff === (ownSide === 'staff');
        return (
          <li key={message.id} className={clsx('flex', own ? 'justify-end' : 'justify-start')}>
            <article
              className={clsx(
                'max-w-[min(40rem,92%)] min-w-0 rounded-xl px-4 py-3 ring-1',
                message.from_staff ? 'bg-brand-50 ring-brand-100' : 'bg-white ring-slate-200',
              )}
            >
              <header className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
                <span className="font-semibold text-slate-900">{message.author_name}</span>
                <When at={message.created_at} />
              </header>
              <p className="mt-1.5 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                {message.body}
              </p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}

export function ReplyForm({
  id,
  label,
  submitLabel,
  pending,
  serverError,
  onSubmit,
}: {
  id: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  serverError?: string;
  onSubmit: (message: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ticketMessageSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await onSubmit(parsed.data);
      setText('');
    } catch {
      // The mutation's error is shown below the field.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <FormField id={id} label={label} error={error ?? serverError}>
        {(a11y) => (
          <textarea
            {...a11y}
            rows={4}
            value={text}
            maxLength={ticketMessageMaxLength}
            onChange={(event) => setText(event.target.value)}
            className={controlStyles(a11y['aria-invalid'], 'resize-y')}
          />
        )}
      </FormField>
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-slate-500">
          {text.length.toLocaleString()} / {ticketMessageMaxLength.toLocaleString()}
        </p>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner className="size-4" />}
          {pending ? 'Sending...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function TicketBackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All tickets
    </Link>
  );
}

export function TicketLoading({ backTo }: { backTo: string }) {
  return (
    <div className="space-y-6">
      <TicketBackLink to={backTo} />
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner className="size-5 text-brand-700" />
        Loading ticket...
      </p>
    </div>
  );
}
