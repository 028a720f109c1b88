import { botGoalLabels, botGoals, botLimits, botTones, type BotInput } from '@askwell/shared';
import { CircleAlert, Plus, X } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';

import { toneLabels } from '../lib/format';

type StarterQuestionsProps = {
  value: string[];
  onChange: (value: string[]) => void;
  errors: ReadonlyArray<{ message?: string } | undefined> | undefined;
  rootError: string | undefined;
};

function StarterQuestions({ value, onChange, errors, rootError }: StarterQuestionsProps) {
  const full = value.length >= botLimits.starterQuestions;
  return (
    <fieldset>
      <legend className="block text-sm font-semibold text-slate-900">Starter questions</legend>
      <p className="mt-1 text-sm text-slate-600">
        Shown as quick replies when a visitor opens the chat. Up to {botLimits.starterQuestions}.
      </p>
      <ol className="mt-3 space-y-2">
        {value.map((question, index) => {
          const error = errors?.[index]?.message;
          const id = `bot-starter-${index}`;
          return (
            <li key={index}>
              <div className="flex items-center gap-2">
                <label htmlFor={id} className="sr-only">
                  Starter question {index + 1}
                </label>
                <input
                  id={id}
                  type="text"
                  value={question}
                  maxLength={botLimits.starterQuestion}
                  placeholder="e.g. What are your opening hours?"
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) =>
                    onChange(value.map((item, i) => (i === index ? event.target.value : item)))
                  }
                  className={controlStyles(Boolean(error))}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="shrink-0 px-2.5"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <X className="size-4" aria-hidden="true" />
                  <span className="sr-only">Remove starter question {index + 1}</span>
                </Button>
              </div>
              {error && (
                <p
                  id={`${id}-error`}
                  className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700"
                >
                  <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {rootError && (
        <p className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {rootError}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={full}
        onClick={() => onChange([...value, ''])}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add question
      </Button>
      {full && (
        <p className="mt-2 text-sm text-slate-600">
          You have added the maximum of {botLimits.starterQuestions} questions.
        </p>
      )}
    </fieldset>
  );
}

export function PersonalityFields({ form }: { form: UseFormReturn<BotInput, unknown, BotInput> }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const starterErrors = errors.starterQuestions;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        <FormField id="bot-tone" label="Tone" error={errors.tone?.message}>
          {(a11y) => (
            <select {...a11y} {...register('tone')} className={controlStyles(a11y['aria-invalid'])}>
              {botTones.map((tone) => (
                <option key={tone} value={tone}>
                  {toneLabels[tone]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="bot-goal" label="Goal" error={errors.goal?.message}>
          {(a11y) => (
            <select {...a11y} {...register('goal')} className={controlStyles(a11y['aria-invalid'])}>
              {botGoals.map((goal) => (
                <option key={goal} value={goal}>
                  {botGoalLabels[goal]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField
        id="bot-instructions"
        label="Instructions"
        error={errors.instructions?.message}
        hint="How the chatbot should behave: what to focus on, what to avoid, when to ask for contact details."
      >
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('instructions')}
            rows={6}
            maxLength={botLimits.instructions}
            placeholder="Keep answers short. Offer to connect the visitor with our sales team for pricing questions."
            className={controlStyles(a11y['aria-invalid'], 'resize-y')}
          />
        )}
      </FormField>
      <Controller
        control={control}
        name="starterQuestions"
        render={({ field }) => (
          <StarterQuestions
            value={field.value}
            onChange={field.onChange}
            errors={Array.isArray(starterErrors) ? starterErrors : undefined}
            rootError={starterErrors?.message ?? starterErrors?.root?.message}
          />
        )}
      />
      <FormField
        id="bot-fallback"
        label="Message when the knowledge has no answer"
        error={errors.fallbackMessage?.message}
        hint="Sent instead of guessing when your documents do not cover the question."
      >
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('fallbackMessage')}
            rows={3}
            maxLength={botLimits.fallbackMessage}
            className={controlStyles(a11y['aria-invalid'], 'resize-y')}
          />
        )}
      </FormField>
    </div>
  );
}
