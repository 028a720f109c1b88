import { botLimits, type BotInput } from '@askwell/shared';
import type { UseFormReturn } from 'react-hook-form';

import { controlStyles, FormField } from '@/components/ui/form-field';

export function BasicFields({ form }: { form: UseFormReturn<BotInput, unknown, BotInput> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="space-y-6">
      <FormField
        id="bot-name"
        label="Chatbot name"
        error={errors.name?.message}
        hint="Shown in the header of the chat widget."
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register('name')}
            type="text"
            required
            aria-required="true"
            maxLength={botLimits.name}
            placeholder="e.g. Support Assistant"
            className={controlStyles(a11y['aria-invalid'])}
          />
        )}
      </FormField>
      <FormField
        id="bot-description"
        label="Description"
        error={errors.description?.message}
        hint="For you and your team: what this chatbot is for."
      >
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('description')}
            rows={4}
            maxLength={botLimits.description}
            placeholder="Answers questions about our products, shipping and returns."
            className={controlStyles(a11y['aria-invalid'], 'resize-y')}
          />
        )}
      </FormField>
    </div>
  );
}
