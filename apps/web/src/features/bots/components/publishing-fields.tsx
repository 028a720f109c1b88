import {
  maxLeadAfterMessages,
  quotaExceededMessage,
  type Bot,
  type BotInput,
} from '@askwell/shared';
import { useState } from 'react';
import { Controller, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';

import { controlStyles, FormField } from '@/components/ui/form-field';

import { RefusedOriginsList } from './refused-origins-list';

type Form = UseFormReturn<BotInput, unknown, BotInput>;

function domainsError(errors: FieldErrors<BotInput>, lines: string[]) {
  const error = errors.allowedDomains;
  if (!error) return undefined;
  if (error.message) return error.message;
  const list = error as unknown as Array<{ message?: string } | undefined>;
  const index = list.findIndex((item) => item?.message);
  if (index < 0) return undefined;
  return `${lines[index] ?? `Line ${index + 1}`}: ${list[index]!.message}`;
}

function AllowedDomainsField({ form, bot }: { form: Form; bot: Bot | null }) {
  const {
    control,
    setValue,
    formState: { errors },
  } = form;
  const domains = useWatch({ control, name: 'allowedDomains' }) ?? [];
  const [text, setText] = useState(domains.join('\n'));
  const lines = text.split('\n').map((line) => line.trim());

  const update = (value: string) => {
    setText(value);
    setValue(
      'allowedDomains',
      value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      { shouldDirty: true, shouldValidate: Boolean(errors.allowedDomains) },
    );
  };

  return (
    <div className="space-y-4">
      <FormField
        id="bot-allowed-domains"
        label="Allowed domains"
        error={domainsError(errors, lines.filter(Boolean))}
        hint="One per line, for example example.com or *.example.com for every subdomain. Add a port (localhost:3000) to allow only that port. With no domain, the chatbot answers only in Askwell's own preview."
      >
        {(a11y) => (
          <textarea
            {...a11y}
            value={text}
            onChange={(event) => update(event.target.value)}
            rows={4}
            spellCheck={false}
            autoCapitalize="none"
            placeholder={'example.com\n*.example.com'}
            className={controlStyles(a11y['aria-invalid'], 'resize-y font-mono')}
          />
        )}
      </FormField>
      {bot && (
        <RefusedOriginsList
          botId={bot.id}
          allowedHosts={domains}
          onAllow={(host) => update([...lines.filter(Boolean), host].join('\n'))}
        />
      )}
    </div>
  );
}

function Toggle({
  id,
  label,
  description,
  checked,
  disabled = false,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700 disabled:cursor-not-allowed"
      />
      <div>
        <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
    </div>
  );
}

// Where the widget may run and when it asks visitors for their contact details.
export function PublishingFields({
  form,
  bot,
  removeBranding,
}: {
  form: Form;
  bot: Bot | null;
  removeBranding: boolean | undefined;
}) {
  const {
    control,
    formState: { errors },
  } = form;
  const [goal, leadCapture] = useWatch({ control, name: ['goal', 'leadCapture'] });
  const leadsOn = leadCapture ?? goal === 'lead_generation';

  return (
    <section aria-labelledby="bot-publishing-heading" className="space-y-6">
      <div>
        <h3 id="bot-publishing-heading" className="text-base font-semibold text-slate-900">
          Website widget
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Where your chatbot may answer, and when it offers visitors to leave their details.
        </p>
      </div>
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <Toggle
            id="bot-enabled"
            label="Chatbot enabled"
            description={
              bot?.staffDisabledAt
                ? 'Askwell staff have disabled this chatbot, so it answers nowhere until they enable it again; this switch cannot turn it back on.'
                : 'When off, the chatbot answers nowhere: the widget tells visitors chat is not available.'
            }
            checked={bot?.staffDisabledAt ? false : (field.value ?? true)}
            disabled={Boolean(bot?.staffDisabledAt)}
            onChange={field.onChange}
          />
        )}
      />
      <AllowedDomainsField form={form} bot={bot} />
      <Controller
        control={control}
        name="hideBranding"
        render={({ field }) => (
          <Toggle
            id="bot-hide-branding"
            label="Hide “Powered by Askwell”"
            description={
              removeBranding === false
                ? `${quotaExceededMessage('removeBranding', 'free')}${field.value ? ' Your choice is kept and applies again on Premium.' : ''}`
                : 'The widget shows no Askwell line under the message box.'
            }
            checked={field.value ?? false}
            disabled={!removeBranding}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="leadCapture"
        render={({ field }) => (
          <Toggle
            id="bot-lead-capture"
            label="Ask visitors for their contact details"
            description="The widget offers a short form (name, email, optional phone, consent) when a visitor asks to be contacted or the chatbot cannot answer. On by default for Lead Generation."
            checked={leadsOn}
            onChange={field.onChange}
          />
        )}
      />
      {leadsOn && (
        <Controller
          control={control}
          name="leadAfterMessages"
          render={({ field }) => (
            <FormField
              id="bot-lead-after"
              label="Also offer the form after this many visitor messages"
              error={errors.leadAfterMessages?.message}
              hint={`Leave empty to offer it only when asked or unanswered (1–${maxLeadAfterMessages}).`}
            >
              {(a11y) => (
                <input
                  {...a11y}
                  ref={field.ref}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={maxLeadAfterMessages}
                  value={field.value ?? ''}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? null : Number(event.target.value))
                  }
                  onBlur={field.onBlur}
                  className={controlStyles(a11y['aria-invalid'], 'max-w-32')}
                />
              )}
            </FormField>
          )}
        />
      )}
    </section>
  );
}
