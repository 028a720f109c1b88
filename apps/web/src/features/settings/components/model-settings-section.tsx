import { quotaExceededMessage, type ModelSettings, type ProviderKeyName } from '@askwell/shared';
import { CircleAlert, Cpu, KeyRound } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { TabPanel, Tabs, type TabItem } from '@/components/ui/tabs';

import { useModelSettings, useUpdateModelSettings } from '../api/model-settings';
import {
  buildUpdate,
  draftFrom,
  errorsFromFields,
  isDraftDirty,
  validateDraft,
  type DraftErrors,
  type SecretDraft,
  type SettingsDraft,
} from '../lib/settings-form';
import { ModelPreferencesTab } from './model-preferences-tab';
import { ProviderKeysTab } from './provider-keys-tab';

type SettingsTab = 'api-keys' | 'model-preferences';

const settingsTabs: ReadonlyArray<TabItem<SettingsTab>> = [
  { id: 'api-keys', label: 'API Keys', icon: <KeyRound className="size-4" aria-hidden="true" /> },
  {
    id: 'model-preferences',
    label: 'Model Preferences',
    icon: <Cpu className="size-4" aria-hidden="true" />,
  },
];

const idPrefix = 'settings';
// One toast for the whole save flow: a success replaces the failure it fixed.
const settingsToast = { id: 'model-settings-save' };

function savedOwnProvider(settings: ModelSettings) {
  return (
    Boolean(settings.customEndpoint) || Object.values(settings.providerKeys).some((key) => key.set)
  );
}

function SettingsForm({ settings }: { settings: ModelSettings }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: SettingsTab =
    searchParams.get('tab') === 'model-preferences' ? 'model-preferences' : 'api-keys';
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(settings));
  const [errors, setErrors] = useState<DraftErrors>({});
  const update = useUpdateModelSettings();

  const selectTab = (next: SettingsTab) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  const change = (next: Partial<SettingsDraft>, cleared: Array<keyof DraftErrors>) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const rest = { ...current };
      for (const field of cleared) delete rest[field];
      return rest;
    });
  };

  const onKeyChange = (name: ProviderKeyName, secret: SecretDraft) =>
    change({ keys: { ...draft.keys, [name]: secret } }, [name]);

  const save = () => {
    const found = validateDraft(draft);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      selectTab(found.defaultModel ? 'model-preferences' : 'api-keys');
      toast.error('Please correct the highlighted fields.', settingsToast);
      return;
    }
    update.mutate(buildUpdate(settings, draft), {
      onSuccess: (saved) => {
        setDraft(draftFrom(saved));
        setErrors({});
        toast.success('Settings saved', settingsToast);
      },
      onError: (error) => {
        const fieldErrors = errorsFromFields(error.fields);
        setErrors(fieldErrors);
        if (fieldErrors.defaultModel) selectTab('model-preferences');
        toast.error(error.message || 'Your settings could not be saved. Try again.', settingsToast);
      },
    });
  };

  const dirty = isDraftDirty(settings, draft);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      className="space-y-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs
          idPrefix={idPrefix}
          label="Model settings"
          tabs={settingsTabs}
          selected={tab}
          onSelect={selectTab}
          className="sm:w-auto sm:min-w-96"
        />
        <div className="flex items-center gap-3">
          {dirty && !update.isPending && (
            <span className="text-sm text-amber-800" data-testid="unsaved-changes">
              Unsaved changes
            </span>
          )}
          <Button type="submit" disabled={update.isPending} className="flex-1 sm:flex-none">
            {update.isPending && <Spinner className="size-4" />}
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </div>
      {!settings.ownProviderActive && (
        <p
          role="status"
          data-testid="own-provider-inactive"
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {savedOwnProvider(settings) &&
              'Your saved keys and endpoint are kept but not used: your chatbots reply with the built-in answerer. '}
            {quotaExceededMessage('ownProviderKeys', 'free')}
          </span>
        </p>
      )}
      <Panel>
        <TabPanel idPrefix={idPrefix} tab={tab} className="p-5 sm:p-6">
          {tab === 'api-keys' ? (
            <ProviderKeysTab
              settings={settings}
              draft={draft}
              errors={errors}
              onKeyChange={onKeyChange}
              onEndpointChange={(value) => change({ customEndpoint: value }, ['customEndpoint'])}
            />
          ) : (
            <ModelPreferencesTab
              settings={settings}
              draft={draft}
              errors={errors}
              onModelChange={(value) => change({ defaultModel: value }, ['defaultModel'])}
              onUseCustomEndpointChange={(value) =>
                change({ useCustomEndpoint: value }, ['customEndpoint'])
              }
              onOpenKeys={() => selectTab('api-keys')}
            />
          )}
        </TabPanel>
      </Panel>
    </form>
  );
}

export function ModelSettingsSection() {
  const settings = useModelSettings();

  return (
    <section id="model-settings" aria-labelledby="model-settings-title" className="space-y-4">
      <div>
        <h2 id="model-settings-title" className="text-lg font-semibold text-slate-900">
          AI models
        </h2>
        <p className="text-sm text-slate-600">
          The provider keys and the model your chatbots answer with.
        </p>
      </div>
      {settings.isPending ? (
        <div className="flex items-center justify-center gap-3 rounded-2xl bg-white py-16 text-sm text-slate-600 ring-1 ring-slate-200">
          <Spinner className="size-5 text-brand-700" />
          Loading settings...
        </div>
      ) : settings.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl bg-white p-6 text-sm text-slate-700 ring-1 ring-slate-200"
        >
          <p>
            Your model settings could not be loaded.{' '}
            {settings.error instanceof Error ? settings.error.message : ''}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </section>
  );
}
