import type {
  ChatSource,
  ConversationDetail as Detail,
  ConversationMessage,
} from '@askwell/shared';
import clsx from 'clsx';
import {
  BookOpen,
  CircleHelp,
  ExternalLink,
  Globe,
  Languages,
  Mail,
  ThumbsDown,
  ThumbsUp,
  Trash2,
  UserRound,
  UserRoundX,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import { useDeleteConversation, useDeleteVisitorData } from '../api/conversations';
import { countOf, formatDateTime } from '@/lib/format';

// Addresses come from visitors and crawled pages: only web links are made clickable.
function webUrl(value: string | null) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function languageName(code: string | null) {
  if (!code) return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {icon}
        {label}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

function Sources({ sources }: { sources: ChatSource[] }) {
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 rounded-xl bg-white/70 px-3 py-2 ring-1 ring-slate-200">
      <p className="flex items-center gap-1.5 text-xs font-semibold text-slate-600">
        <BookOpen className="size-3.5" aria-hidden="true" />
        Sources
      </p>
      <ol className="mt-1 space-y-1.5">
        {sources.map((source, index) => {
          const href = webUrl(source.url);
          const title = `${source.title}${source.page ? ` · page ${source.page}` : ''}`;
          return (
            <li key={`${source.sourceId}-${index}`} className="text-xs text-slate-700">
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-800 hover:underline"
                >
                  {title}
                  <ExternalLink className="size-3" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                <span className="font-medium text-slate-800">{title}</span>
              )}
              {source.snippet && (
                <p className="line-clamp-2 break-words text-slate-600">{source.snippet}</p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Message({ message }: { message: ConversationMessage }) {
  const visitor = message.role === 'visitor';
  return (
    <li
      className={clsx('flex', visitor ? 'justify-end' : 'justify-start')}
      data-testid={`message-${message.role}`}
    >
      <div className={clsx('max-w-[85%] min-w-0', visitor ? 'items-end' : 'items-start')}>
        <p className={clsx('mb-1 text-xs text-slate-500', visitor && 'text-right')}>
          {visitor ? 'Visitor' : 'Bot'} ·{' '}
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        <div
          className={clsx(
            'rounded-2xl px-4 py-2.5 text-sm break-words whitespace-pre-wrap',
            visitor
              ? 'rounded-br-md bg-brand-800 text-white'
              : 'rounded-bl-md bg-slate-100 text-slate-900',
          )}
        >
          {message.content}
        </div>
        {!visitor && (
          <>
            <Sources sources={message.sources} />
            <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
              {message.answerer === 'contact_request' && (
                <span className="rounded-full bg-sky-50 px-2 py-0.5 font-medium text-sky-900 ring-1 ring-sky-200 ring-inset">
                  Lead form offered
                </span>
              )}
              {message.answeredFromKnowledge === false &&
                message.answerer !== 'contact_request' && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
                    <CircleHelp className="size-3" aria-hidden="true" />
                    Not in the bot&apos;s knowledge
                  </span>
                )}
              {message.status === 'interrupted' && (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
                  Interrupted
                </span>
              )}
              {message.feedback && (
                <span
                  className={clsx(
                    'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium ring-1 ring-inset',
                    message.feedback === 'up'
                      ? 'bg-emerald-50 text-emerald-900 ring-emerald-200'
                      : 'bg-red-50 text-red-900 ring-red-200',
                  )}
                >
                  {message.feedback === 'up' ? (
                    <ThumbsUp className="size-3" aria-hidden="true" />
                  ) : (
                    <ThumbsDown className="size-3" aria-hidden="true" />
                  )}
                  {message.feedback === 'up' ? 'Helpful' : 'Not helpful'}
                </span>
              )}
            </div>
            {message.feedbackComment && (
              <blockquote className="mt-1.5 border-l-2 border-slate-300 pl-3 text-xs break-words text-slate-700 italic">
                “{message.feedbackComment}”
              </blockquote>
            )}
          </>
        )}
      </div>
    </li>
  );
}

type ConversationDetailProps = {
  conversation: Detail;
  onDeleted: () => void;
};

export function ConversationDetail({ conversation, onDeleted }: ConversationDetailProps) {
  const remove = useDeleteVisitorData();
  const removeOne = useDeleteConversation();
  const [confirming, setConfirming] = useState(false);
  const [confirmingOne, setConfirmingOne] = useState(false);
  const page = webUrl(conversation.pageUrl);

  return (
    <article aria-labelledby="conversation-title" className="flex min-w-0 flex-col">
      <header className="border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="conversation-title" className="text-base font-semibold text-slate-900">
              Conversation with {conversation.botName}
            </h2>
            <p className="text-sm text-slate-600">
              Started{' '}
              <time dateTime={conversation.startedAt}>
                {formatDateTime(conversation.startedAt)}
              </time>{' '}
              · {countOf(conversation.messageCount, 'message')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setConfirmingOne(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete conversation
            </Button>
            {conversation.visitorId && (
              <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
                <UserRoundX className="size-4" aria-hidden="true" />
                Delete visitor&apos;s data
              </Button>
            )}
          </div>
        </div>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <Fact icon={<Globe className="size-3.5" aria-hidden="true" />} label="Page">
            {page ? (
              <a
                href={page}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-800 hover:underline"
              >
                {conversation.pageUrl}
              </a>
            ) : (
              (conversation.pageUrl ?? `Not known (${conversation.channel})`)
            )}
          </Fact>
          <Fact icon={<Languages className="size-3.5" aria-hidden="true" />} label="Language">
            {languageName(conversation.language) ?? 'Not detected'}
          </Fact>
          <Fact icon={<UserRound className="size-3.5" aria-hidden="true" />} label="Visitor">
            <span className="font-mono text-xs">{conversation.visitorId ?? 'Anonymous'}</span>
          </Fact>
          <Fact icon={<Mail className="size-3.5" aria-hidden="true" />} label="Lead">
            {conversation.lead ? (
              <>
                {conversation.lead.name} ·{' '}
                <a
                  href={`mailto:${conversation.lead.email}`}
                  className="text-brand-800 hover:underline"
                >
                  {conversation.lead.email}
                </a>{' '}
                <Link
                  to={`/dashboard/leads?q=${encodeURIComponent(conversation.lead.email)}`}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  Open in Leads
                </Link>
              </>
            ) : (
              'No contact details left'
            )}
          </Fact>
        </dl>
      </header>
      <ol className="space-y-5 px-4 py-5 sm:px-6" aria-label="Transcript">
        {conversation.messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </ol>
      <ConfirmDialog
        open={confirming}
        title="Delete this visitor's conversations?"
        confirmLabel="Delete permanently"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { botId: conversation.botId, visitorId: conversation.visitorId! },
            {
              onSuccess: (result) => {
                setConfirming(false);
                toast.success(
                  `Deleted ${countOf(result.deletedConversations, 'conversation')}` +
                    (result.deletedLeads > 0 ? ` and ${countOf(result.deletedLeads, 'lead')}` : ''),
                );
                onDeleted();
              },
              onError: (failure) => {
                setConfirming(false);
                toast.error(failure.message);
              },
            },
          )
        }
      >
        <p>
          Every conversation this visitor had with {conversation.botName}, and the contact details
          they left in them, will be deleted. Use this to answer a privacy request. This cannot be
          undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingOne}
        title="Delete this conversation?"
        confirmLabel="Delete conversation"
        pending={removeOne.isPending}
        onCancel={() => setConfirmingOne(false)}
        onConfirm={() =>
          removeOne.mutate(conversation.id, {
            onSuccess: () => {
              setConfirmingOne(false);
              toast.success('Conversation deleted');
              onDeleted();
            },
            onError: (failure) => {
              setConfirmingOne(false);
              toast.error(failure.message);
            },
          })
        }
      >
        <p>
          The transcript and its feedback will be deleted. A lead left in it stays on the Leads
          page. This cannot be undone.
        </p>
      </ConfirmDialog>
    </article>
  );
}
