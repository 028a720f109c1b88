import {
  ticketCreateInputSchema,
  ticketMessageMaxLength,
  ticketSubjectMaxLength,
  type ConversationList,
} from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormField, controlStyles } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useBots } from '@/hooks/use-bots';
import { api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import { useCreateTicket } from '@/hooks/use-tickets';

type Errors = Partial<Record<'subject' | 'message' | 'bot_id' | 'conversation_id', string>>;

// The newest conversations of the chosen bot (or of all bots), to point staff at one.
function useRecentConversations(botId: string) {
  return useQuery({
    queryKey: ['tickets', 'conversation-choices', botId],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ pageSize: '50' });
      if (botId) query.set('botId', botId);
      return api.get<ConversationList>(`/api/conversations?${query.toString()}`, { signal });
    },
  });
}

export function NewTicketForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [botId, setBotId] = useState(params.get('bot') ?? '');
  const [conversationId, setConversationId] = useState(params.get('conversation') ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const bots = useBots();
  const conversations = useRecentConversations(botId);
  const create = useCreateTicket();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ticketCreateInputSchema.safeParse({
      subject,
      message,
      bot_id: botId || null,
      conversation_id: conversationId || null,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const ticket = await create.mutateAsync(parsed.data);
      await navigate(`/dashboard/help/${ticket.number}`);
    } catch {
      // Shown below the form.
    }
  };

  const conversationChoices = conversations.data?.conversations ?? [];

  return (
    <div className="space-y-6">
      <DashboardPageHeader
        title="New ticket"
        description="Tell us what is wrong or what you need. You can point us at one of your chatbots or conversations."
      />
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <FormField id="ticket-subject" label="Subject" error={errors.subject}>
          {(a11y) => (
            <input
              {...a11y}
              value={subject}
              maxLength={ticketSubjectMaxLength}
              onChange={(event) => setSubject(event.target.value)}
              className={controlStyles(a11y['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField
          id="ticket-message"
          label="Message"
          error={errors.message}
          hint={`Up to ${ticketMessageMaxLength.toLocaleString()} characters.`}
        >
          {(a11y) => (
            <textarea
              {...a11y}
              rows={7}
              value={message}
              maxLength={ticketMessageMaxLength}
              onChange={(event) => setMessage(event.target.value)}
              className={controlStyles(a11y['aria-invalid'], 'resize-y')}
            />
          )}
        </FormField>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id="ticket-bot" label="Chatbot (optional)" error={errors.bot_id}>
            {(a11y) => (
              <select
                {...a11y}
                value={botId}
                onChange={(event) => {
                  setBotId(event.target.value);
                  setConversationId('');
                }}
                className={controlStyles(a11y['aria-invalid'])}
              >
                <option value="">{bots.isPending ? 'Loading chatbots...' : 'None'}</option>
                {(bots.data ?? []).map((bot) => (
                  <option key={bot.id} value={bot.id}>
                    {bot.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            id="ticket-conversation"
            label="Conversation (optional)"
            error={errors.conversation_id}
            hint="Your 50 newest conversations."
          >
            {(a11y) => (
              <select
                {...a11y}
                value={conversationId}
                onChange={(event) => setConversationId(event.target.value)}
                className={controlStyles(a11y['aria-invalid'])}
              >
                <option value="">
                  {conversations.isPending ? 'Loading conversations...' : 'None'}
                </option>
                {conversationId && !conversationChoices.some((c) => c.id === conversationId) && (
                  <option value={conversationId}>The conversation you came from</option>
                )}
                {conversationChoices.map((conversation) => (
                  <option key={conversation.id} value={conversation.id}>
                    {formatDateTime(conversation.startedAt)} · {conversation.botName}
                    {conversation.preview ? ` · ${conversation.preview.slice(0, 60)}` : ''}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {create.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {create.error.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to="/dashboard/help" variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner className="size-4" />}
            {create.isPending ? 'Sending...' : 'Send ticket'}
          </Button>
        </div>
      </form>
    </div>
  );
}
