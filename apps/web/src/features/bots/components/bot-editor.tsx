import {
  botDefaults,
  botFonts,
  botInputSchema,
  botPublishingDefaults,
  type Bot,
  type BotInput,
} from '@askwell/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DemoBadge } from '@/components/ui/demo-badge';
import { Panel } from '@/components/ui/panel';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';

import { useDeleteBot } from '../api/delete-bot';
import { useSaveBot } from '../api/save-bot';
import { editorTabs, isEditorTab, tabForField, type EditorTab } from '../lib/editor-tabs';
import { AppearanceFields } from './appearance-fields';
import { BasicFields } from './basic-fields';
import { PersonalityFields } from './personality-fields';
import { PublishingFields } from './publishing-fields';
import type { SaveState } from './save-button';
import { SaveButton } from './save-button';
import { StaffDisabledNotice } from './staff-disabled-notice';
import { TrainingPanel } from './training-panel';

function toInput(bot: Bot): BotInput {
  return {
    name: bot.name,
    description: bot.description,
    tone: bot.tone,
    goal: bot.goal,
    instructions: bot.instructions,
    starterQuestions: bot.starterQuestions,
    fallbackMessage: bot.fallbackMessage,
    widgetConfig: { ...bot.widgetConfig },
    enabled: bot.enabled,
    allowedDomains: bot.allowedDomains,
    leadCapture: bot.leadCapture,
    leadAfterMessages: bot.leadAfterMessages,
    hideBranding: bot.hideBranding,
  };
}

const newBot: BotInput = {
  ...botDefaults,
  ...botPublishingDefaults,
  starterQuestions: [],
  widgetConfig: {
    ...botDefaults.widgetConfig,
    fontFamily:
      botFonts.find((font) => font === botDefaults.widgetConfig.fontFamily) ?? botFonts[0],
  },
};

// In the order the tabs show them, so the first error is the first one the user meets.
const fieldOrder = [
  'name',
  'description',
  'tone',
  'goal',
  'instructions',
  'starterQuestions',
  'fallbackMessage',
  'widgetConfig',
  'enabled',
  'allowedDomains',
  'leadCapture',
  'leadAfterMessages',
  'hideBranding',
] as const;

function firstErrorTab(errors: FieldErrors<BotInput>): EditorTab | null {
  const field = fieldOrder.find((name) => errors[name]);
  return field ? tabForField(field) : null;
}

// What the editor carries over when a new bot is saved and the page moves to its real address.
type EditorLocationState = { saved?: boolean; tab?: EditorTab } | null;

type BotEditorProps = {
  bot: Bot | null;
  title: string;
  // Whether the owner's plan includes hiding 'Powered by Askwell'; unknown while it loads.
  removeBranding: boolean | undefined;
};

export function BotEditor({ bot, title, removeBranding }: BotEditorProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const carried = location.state as EditorLocationState;
  const [tab, setTab] = useState<EditorTab>(isEditorTab(carried?.tab) ? carried.tab : 'basic');
  const [saveState, setSaveState] = useState<SaveState>(carried?.saved ? 'saved' : 'idle');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const saveBot = useSaveBot(bot?.id ?? null);
  const deleteBot = useDeleteBot();

  const form = useForm<BotInput, unknown, BotInput>({
    resolver: zodResolver(botInputSchema),
    defaultValues: bot ? toInput(bot) : newBot,
  });

  useEffect(() => {
    if (saveState !== 'saved') return;
    const timer = window.setTimeout(() => setSaveState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [saveState]);

  const onSave = form.handleSubmit(
    async (values) => {
      setSaveState('saving');
      try {
        const saved = await saveBot.mutateAsync(values);
        form.reset(toInput(saved));
        if (bot) {
          setSaveState('saved');
        } else {
          toast.success('Chatbot created');
          navigate(`/dashboard/bots/${saved.id}`, {
            replace: true,
            state: { saved: true, tab } satisfies EditorLocationState,
          });
        }
      } catch (error) {
        setSaveState('idle');
        const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
        for (const [path, message] of fields) {
          form.setError(path as FieldPath<BotInput>, { message });
        }
        if (fields[0]) setTab(tabForField(fields[0][0]));
        toast.error(
          error instanceof Error ? error.message : 'The chatbot could not be saved. Try again.',
        );
      }
    },
    (errors) => {
      const errorTab = firstErrorTab(errors);
      if (errorTab) setTab(errorTab);
      toast.error('Please correct the highlighted fields.');
    },
  );

  const save = () => void onSave();
  const index = editorTabs.findIndex((item) => item.id === tab);
  const previous = editorTabs[index - 1];
  const next = editorTabs[index + 1];

  const goTo = (target: EditorTab) => {
    setTab(target);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="space-y-6">
      <DashboardPageHeader
        title={title}
        badge={bot?.isDemo ? <DemoBadge /> : undefined}
        description={
          bot?.isDemo
            ? `${bot.name} is sample data: it never answers on a website, and 'Clear Demo Data' on the dashboard removes it.`
            : bot
              ? 'Update how your chatbot talks, looks and what it knows'
              : 'Set up a chatbot in four steps, then train it on your knowledge'
        }
        actions={
          <>
            {bot && (
              <Button
                variant="secondary"
                className="text-red-700"
                onClick={() => setConfirmingDelete(true)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Delete
              </Button>
            )}
            <SaveButton state={saveState} onClick={save} />
          </>
        }
      />
      {bot?.staffDisabledAt && <StaffDisabledNotice reason={bot.staffDisabledReason} />}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Tabs
          idPrefix="bot-editor"
          label="Chatbot settings"
          wrap
          tabs={editorTabs}
          selected={tab}
          onSelect={setTab}
        />
        <Panel className="mt-4">
          {editorTabs.map((item) =>
            item.id === tab ? (
              <TabPanel key={item.id} idPrefix="bot-editor" tab={item.id} className="p-5 sm:p-8">
                <h2 className="text-lg font-semibold text-slate-900">{item.label}</h2>
                <div className="mt-6">
                  {item.id === 'basic' && <BasicFields form={form} />}
                  {item.id === 'personality' && <PersonalityFields form={form} />}
                  {item.id === 'appearance' && (
                    <div className="space-y-10">
                      <AppearanceFields form={form} />
                      <div className="border-t border-slate-100 pt-8">
                        <PublishingFields form={form} bot={bot} removeBranding={removeBranding} />
                      </div>
                    </div>
                  )}
                  {item.id === 'training' && (
                    <TrainingPanel botId={bot?.id ?? null} saveState={saveState} onSave={save} />
                  )}
                </div>
              </TabPanel>
            ) : null,
          )}
          <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-4 sm:px-8">
            {previous ? (
              <Button variant="secondary" onClick={() => goTo(previous.id)}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                Previous
              </Button>
            ) : (
              <span />
            )}
            {next && (
              <Button variant="secondary" onClick={() => goTo(next.id)}>
                Next
                <ArrowRight className="size-4" aria-hidden="true" />
              </Button>
            )}
          </div>
        </Panel>
      </form>
      {bot && (
        <ConfirmDialog
          open={confirmingDelete}
          title="Delete this chatbot?"
          confirmLabel="Delete chatbot"
          pending={deleteBot.isPending}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() =>
            deleteBot.mutate(bot.id, {
              onSuccess: () => {
                toast.success(`"${bot.name}" was deleted`);
                navigate('/dashboard/bots', { replace: true });
              },
              onError: (error) => {
                setConfirmingDelete(false);
                toast.error(error.message);
              },
            })
          }
        >
          <p>
            <strong className="font-semibold text-slate-900">{bot.name}</strong> and all of its
            knowledge (uploaded documents, websites and Q&amp;A) will be deleted. Websites that
            embed it will stop showing the chat. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
