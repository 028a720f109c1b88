import { botFonts, botLimits, type BotInput } from '@askwell/shared';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';

import { controlStyles, FormField } from '@/components/ui/form-field';

import { fontLabel } from '../lib/format';
import { WidgetPreview } from './widget-preview';

// <input type="color"> only takes #rrggbb.
function pickerValue(colour: string) {
  const value = colour.trim();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value;
  if (/^#[0-9a-f]{3}$/i.test(value)) {
    return `#${[...value.slice(1)].map((digit) => digit + digit).join('')}`;
  }
  return '#000000';
}

const colourFields = [
  { name: 'widgetConfig.primaryColor', label: 'Primary colour', hint: 'Header and accents.' },
  { name: 'widgetConfig.buttonColor', label: 'Button colour', hint: 'Launcher and send button.' },
  { name: 'widgetConfig.textColor', label: 'Text colour', hint: 'Message text.' },
] as const;

export function AppearanceFields({ form }: { form: UseFormReturn<BotInput, unknown, BotInput> }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [name, widgetConfig, starterQuestions] = useWatch({
    control,
    name: ['name', 'widgetConfig', 'starterQuestions'],
  });

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="min-w-0 space-y-6">
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
          {colourFields.map((colour) => {
            const key = colour.name.split('.')[1] as 'primaryColor' | 'buttonColor' | 'textColor';
            const id = `bot-${key}`;
            return (
              <Controller
                key={colour.name}
                control={control}
                name={colour.name}
                render={({ field }) => (
                  <FormField
                    id={id}
                    label={colour.label}
                    hint={colour.hint}
                    error={errors.widgetConfig?.[key]?.message}
                  >
                    {(a11y) => (
                      <div className="flex items-center gap-2">
                        <input
                          type="color"
                          aria-label={`${colour.label} picker`}
                          value={pickerValue(field.value)}
                          onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                          className="h-11 w-12 shrink-0 cursor-pointer rounded-lg bg-white p-1 shadow-sm ring-1 ring-slate-300 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                        />
                        <input
                          {...a11y}
                          ref={field.ref}
                          name={field.name}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          type="text"
                          spellCheck={false}
                          autoComplete="off"
                          className={controlStyles(a11y['aria-invalid'], 'min-w-0 font-mono')}
                        />
                      </div>
                    )}
                  </FormField>
                )}
              />
            );
          })}
        </div>
        <FormField id="bot-font" label="Font" error={errors.widgetConfig?.fontFamily?.message}>
          {(a11y) => (
            <select
              {...a11y}
              {...register('widgetConfig.fontFamily')}
              className={controlStyles(a11y['aria-invalid'])}
            >
              {botFonts.map((font) => (
                <option key={font} value={font} style={{ fontFamily: font }}>
                  {fontLabel(font)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="bot-welcome"
          label="Welcome message"
          error={errors.widgetConfig?.welcomeMessage?.message}
          hint="The first message a visitor sees."
        >
          {(a11y) => (
            <textarea
              {...a11y}
              {...register('widgetConfig.welcomeMessage')}
              rows={3}
              maxLength={botLimits.welcomeMessage}
              className={controlStyles(a11y['aria-invalid'], 'resize-y')}
            />
          )}
        </FormField>
        <FormField
          id="bot-placeholder"
          label="Placeholder text"
          error={errors.widgetConfig?.placeholderText?.message}
          hint="Shown in the empty message box."
        >
          {(a11y) => (
            <input
              {...a11y}
              {...register('widgetConfig.placeholderText')}
              type="text"
              maxLength={botLimits.placeholderText}
              className={controlStyles(a11y['aria-invalid'])}
            />
          )}
        </FormField>
      </div>
      <div className="lg:sticky lg:top-24 lg:self-start">
        <WidgetPreview name={name} config={widgetConfig} starterQuestions={starterQuestions} />
      </div>
    </div>
  );
}
