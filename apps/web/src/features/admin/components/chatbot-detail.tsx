import {
  asSentence,
  botGoalLabels,
  botToneLabels,
  chatbotDisableInputSchema,
  hasPermissions,
  staffDisableReasonMaxLength,
  type AdminChatbotDetail,
  type AdminChatbotSource,
} from '@askwell/shared';
import clsx from 'clsx';
import { ArrowLeft, Ban, CircleAlert, Power } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, controlStyles } from '@/components/ui/form-field';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/auth';
import { countOf, formatDate, formatDateTime, formatNumber, formatRelative } from '@/lib/format';

import { useAdminChatbot, useStaffChatbotSwitch } from '../api/chatbots';
import { AdminPageHeader } from './admin-page-header';
import { AdminPanel } from './admin-panel';
import { ChatbotStatusBadge } from './chatbot-status';

const sourceKindLabels: Record<AdminChatbotSource['kind'], string> = {
  document: 'Document',
  website: 'Website',
  qa: 'Q&A',
};

const sourceStatusLabels: Record<AdminChatbotSource['status'], string> = {
  pending: 'Processing',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

function Fact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('min-w-0', className)}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Text({ value, empty }: { value: string; empty: string }) {
  return value ? (
    <p className="text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">{value}</p>
  ) : (
    <p className="text-sm text-slate-500">{empty}</p>
  );
}

function Overview({ bot }: { bot: AdminChatbotDetail }) {
  return (
    <AdminPanel title="Overview">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 p-5 sm:grid-cols-2 sm:p-6 lg:grid-cols-3">
        <Fact label="Owner">
          <span className="font-medium">{bot.owner.name}</span>
          <span className="block text-slate-600">{bot.owner.email}</span>
        </Fact>
        <Fact label="Status">
          <ChatbotStatusBadge bot={bot} />
        </Fact>
        <Fact label="Owner’s switch">{bot.enabled ? 'On' : 'Off'}</Fact>
        <Fact label="Goal">{botGoalLabels[bot.goal]}</Fact>
        <Fact label="Tone">{botToneLabels[bot.tone]}</Fact>
        <Fact label="Model">{bot.model ?? 'The owner’s default model'}</Fact>
        <Fact label="Conversations">{formatNumber(bot.conversation_count)}</Fact>
        <Fact label="Leads">{formatNumber(bot.lead_count)}</Fact>
        <Fact label="Last conversation">
          {bot.last_conversation_at ? (
            <time
              dateTime={bot.last_conversation_at}
              title={formatDateTime(bot.last_conversation_at)}
            >
              {formatRelative(bot.last_conversation_at)}
            </time>
          ) : (
            'No conversations yet'
          )}
        </Fact>
        <Fact label="Created">{formatDateTime(bot.created_at)}</Fact>
        <Fact label="Last changed">{formatDateTime(bot.updated_at)}</Fact>
      </dl>
    </AdminPanel>
  );
}

function Behaviour({ bot }: { bot: AdminChatbotDetail }) {
  return (
    <AdminPanel title="Behaviour">
      <div className="space-y-5 p-5 sm:p-6">
        <section aria-label="Instructions">
          <h3 className="text-xs font-medium text-slate-500">Instructions</h3>
          <div className="mt-1">
            <Text value={bot.instructions} empty="No instructions." />
          </div>
        </section>
        <section aria-label="Starter questions">
          <h3 className="text-xs font-medium text-slate-500">Starter questions</h3>
          {bot.starter_questions.length > 0 ? (
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm break-words text-slate-800">
              {bot.starter_questions.map((question) => (
                <li key={question}>{question}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-500">None.</p>
          )}
        </section>
        <section aria-label="Fallback message">
          <h3 className="text-xs font-medium text-slate-500">Fallback message</h3>
          <div className="mt-1">
            <Text value={bot.fallback_message} empty="The default fallback message." />
          </div>
        </section>
      </div>
    </AdminPanel>
  );
}

function Swatch({ label, colour }: { label: string; colour: string }) {
  return (
    <Fact label={label}>
      <span className="inline-flex items-center gap-2">
        <span
          className="size-4 shrink-0 rounded ring-1 ring-slate-300"
          style={{ backgroundColor: colour }}
          aria-hidden="true"
        />
        <code className="font-mono text-[13px]">{colour}</code>
      </span>
    </Fact>
  );
}

function Widget({ bot }: { bot: AdminChatbotDetail }) {
  const config = bot.widget_config;
  return (
    <AdminPanel title="Widget">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 p-5 sm:grid-cols-2 sm:p-6">
        <Swatch label="Primary colour" colour={config.primaryColor} />
        <Swatch label="Button colour" colour={config.buttonColor} />
        <Swatch label="Text colour" colour={config.textColor} />
        <Fact label="Font">{config.fontFamily.split(',')[0]}</Fact>
        <Fact label="Welcome message">{config.welcomeMessage}</Fact>
        <Fact label="Placeholder">{config.placeholderText}</Fact>
        <Fact label="Allowed domains" className="sm:col-span-2">
          {bot.allowed_domains.length > 0 ? (
            <span className="flex flex-wrap gap-1.5">
              {bot.allowed_domains.map((domain) => (
                <code
                  key={domain}
                  className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] break-all"
                >
                  {domain}
                </code>
              ))}
            </span>
          ) : (
            <span className="text-slate-600">None: it answers only in Askwell’s own preview.</span>
          )}
        </Fact>
      </dl>
    </AdminPanel>
  );
}

function Sources({ bot }: { bot: AdminChatbotDetail }) {
  const more = bot.source_count - bot.sources.length;
  return (
    <AdminPanel
      title="Knowledge sources"
      description={
        more > 0
          ? `${countOf(bot.source_count, 'source')}; the newest ${bot.sources.length} are listed.`
          : bot.source_count > 0
            ? `${countOf(bot.source_count, 'source')}.`
            : undefined
      }
    >
      {bot.sources.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600 sm:px-6">
          No documents or websites yet.
        </p>
      ) : (
        <ul aria-label="Knowledge sources" className="divide-y divide-slate-100">
          {bot.sources.map((source) => (
            <li key={source.id} className="px-5 py-3.5 sm:px-6">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="min-w-0 flex-1 text-sm font-medium break-all text-slate-900">
                  {source.name}
                </p>
                <span
                  className={clsx(
                    'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                    source.status === 'failed'
                      ? 'bg-red-50 text-red-800 ring-red-200'
                      : source.status === 'completed'
                        ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                        : 'bg-amber-50 text-amber-900 ring-amber-200',
                  )}
                >
                  {sourceStatusLabels[source.status]}
                </span>
              </div>
              <p className="mt-0.5 text-xs text-slate-600">
                {sourceKindLabels[source.kind]} · {countOf(source.chunk_count, 'chunk')} · added{' '}
                {formatDate(source.created_at)}
              </p>
              {source.error && (
                <p className="mt-1 text-xs break-words text-red-700">{source.error}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}

function DisableDialog({
  bot,
  open,
  onClose,
}: {
  bot: AdminChatbotDetail;
  open: boolean;
  onClose: () => void;
}) {
  const change = useStaffChatbotSwitch(bot.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  const confirm = () => {
    const parsed = chatbotDisableInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`“${bot.name}” is disabled`);
        close();
      },
      onError: (failure) => {
        setError(failure.fields.reason);
        toast.error(failure.message || 'The chatbot could not be disabled. Try again.');
      },
    });
  };

  return (
    <ConfirmDialog
      open={open}
      title="Disable this chatbot?"
      confirmLabel="Disable chatbot"
      pending={change.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>
        “{bot.name}” stops answering at once, on every site and through the API. {bot.owner.email}{' '}
        sees the reason and cannot switch it back on.
      </p>
      <div className="mt-4">
        <FormField
          id="disable-reason"
          label="Reason"
          error={error}
          hint={`Shown to the owner. ${reason.trim().length} of ${staffDisableReasonMaxLength} characters.`}
        >
          {(a11y) => (
            <textarea
              {...a11y}
              rows={3}
              value={reason}
              maxLength={staffDisableReasonMaxLength + 50}
              onChange={(event) => {
                setReason(event.target.value);
                setError(undefined);
              }}
              className={controlStyles(Boolean(error), 'resize-y')}
            />
          )}
        </FormField>
      </div>
    </ConfirmDialog>
  );
}

function StaffSwitch({ bot }: { bot: AdminChatbotDetail }) {
  const profile = useProfile();
  const enable = useStaffChatbotSwitch(bot.id);
  const [disabling, setDisabling] = useState(false);
  const user = profile.data;
  if (!user || !hasPermissions(user.role, user.permissions, ['manage_chatbots'])) return null;

  if (bot.staff_disabled_at) {
    return (
      <Button
        disabled={enable.isPending}
        onClick={() =>
          enable.mutate(null, {
            onSuccess: () => toast.success(`“${bot.name}” is enabled again`),
            onError: (failure) => toast.error(failure.message),
          })
        }
      >
        {enable.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <Power className="size-4" aria-hidden="true" />
        )}
        Enable
      </Button>
    );
  }
  return (
    <>
      <Button variant="danger" onClick={() => setDisabling(true)}>
        <Ban className="size-4" aria-hidden="true" />
        Disable
      </Button>
      <DisableDialog bot={bot} open={disabling} onClose={() => setDisabling(false)} />
    </>
  );
}

// A read-only look at one customer's chatbot, and staff's switch for one that breaks the terms.
export function ChatbotDetail({ botId }: { botId: string }) {
  const chatbot = useAdminChatbot(botId);
  const back = (
    <Link
      to="/admin/chatbots"
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All chatbots
    </Link>
  );

  if (chatbot.isPending) {
    return (
      <div className="space-y-6">
        {back}
        <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
          <Spinner className="size-5 text-brand-700" />
          Loading chatbot...
        </p>
      </div>
    );
  }
  if (chatbot.isError) {
    const missing = chatbot.error instanceof ApiError && chatbot.error.status === 404;
    return (
      <div className="space-y-6">
        {back}
        <AdminPageHeader title={missing ? 'Chatbot not found' : 'Chatbot'} />
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-slate-700">
          <p>{chatbot.error.message}</p>
          {!missing && <RetryButton query={chatbot} />}
        </div>
      </div>
    );
  }

  const bot = chatbot.data;
  return (
    <div className="space-y-6">
      {back}
      <AdminPageHeader
        title={bot.name}
        description={bot.description || 'No description'}
        actions={<StaffSwitch bot={bot} />}
      />
      {bot.staff_disabled_at ? (
        <div
          role="status"
          className="flex gap-3 rounded-xl bg-red-50 p-4 text-sm leading-6 text-red-900 ring-1 ring-red-200"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p className="min-w-0 break-words">
            <strong>Disabled by Askwell staff</strong> on {formatDateTime(bot.staff_disabled_at)}:{' '}
            {asSentence(bot.staff_disabled_reason ?? '')} Its widget and API refuse every visitor,
            and the owner cannot switch it back on.
          </p>
        </div>
      ) : (
        !bot.enabled && (
          <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
            The owner has switched this chatbot off: it answers nowhere until they turn it on.
          </p>
        )
      )}
      <Overview bot={bot} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Behaviour bot={bot} />
        <Widget bot={bot} />
      </div>
      <Sources bot={bot} />
    </div>
  );
}
