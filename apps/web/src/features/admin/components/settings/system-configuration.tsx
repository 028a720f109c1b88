import type { GeneralSettings, SecuritySettings } from '@askwell/shared';
import { CreditCard, RotateCcw, Save, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { TabPanel, Tabs, type TabItem } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';

import {
  useGeneralSettings,
  useSaveGeneralSettings,
  useSaveSecuritySettings,
  useSecuritySettings,
} from '@/features/admin/api/site-settings';
import { PaymentSettingsTab } from './payment-settings-tab';

type SettingsTab = 'general' | 'payment' | 'security';

const settingsTabs: ReadonlyArray<TabItem<SettingsTab>> = [
  {
    id: 'general',
    label: 'General Settings',
    icon: <SlidersHorizontal className="size-4" aria-hidden="true" />,
  },
  {
    id: 'payment',
    label: 'Payment Settings',
    icon: <CreditCard className="size-4" aria-hidden="true" />,
  },
  {
    id: 'security',
    label: 'Security Settings',
    icon: <ShieldCheck className="size-4" aria-hidden="true" />,
  },
];

function errorText(error: unknown) {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

function SectionState({ loading, error }: { loading: boolean; error: unknown }) {
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading...
      </p>
    );
  }
  return (
    <p role="alert" className="py-6 text-sm font-medium text-red-700">
      Error: {errorText(error)}
    </p>
  );
}

// Reset puts the form back to what is saved; Save Changes stores it. Both stay disabled while the
// form equals what is saved, so neither ever claims to do something it does not.
function FormActions({
  dirty,
  saving,
  onReset,
}: {
  dirty: boolean;
  saving: boolean;
  onReset: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onReset} disabled={!dirty || saving}>
        <RotateCcw className="size-4" aria-hidden="true" />
        Reset
      </Button>
      <Button type="submit" disabled={!dirty || saving}>
        {saving ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />}
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </div>
  );
}

function GeneralForm({ saved }: { saved: GeneralSettings }) {
  const [form, setForm] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveGeneralSettings();
  const dirty = form.site_name !== saved.site_name || form.admin_email !== saved.admin_email;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    save.mutate(form, {
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
        }
        toast.error(`Settings were not saved: ${error.message}`);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <FormField
        id="settings-site-name"
        label="Site Name"
        error={errors.site_name}
        hint="Shown in page titles and as the sender of every e-mail."
      >
        {(a11y) => (
          <input
            {...a11y}
            value={form.site_name}
            maxLength={60}
            onChange={(event) => setForm({ ...form, site_name: event.target.value })}
            className={controlStyles(Boolean(errors.site_name))}
          />
        )}
      </FormField>
      <FormField
        id="settings-admin-email"
        label="Admin Email"
        error={errors.admin_email}
        hint="Replies to platform e-mail go here, and mail gives it as the contact address."
      >
        {(a11y) => (
          <input
            {...a11y}
            type="email"
            value={form.admin_email}
            onChange={(event) => setForm({ ...form, admin_email: event.target.value })}
            className={controlStyles(Boolean(errors.admin_email))}
          />
        )}
      </FormField>
      <FormActions
        dirty={dirty}
        saving={save.isPending}
        onReset={() => {
          setForm(saved);
          setErrors({});
        }}
      />
    </form>
  );
}

function Checkbox({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-600">
          {description}
        </p>
      </div>
    </div>
  );
}

function SecurityForm({ saved }: { saved: SecuritySettings }) {
  const [form, setForm] = useState(saved);
  const save = useSaveSecuritySettings();
  const dirty =
    form.two_factor_required !== saved.two_factor_required ||
    form.audit_logging !== saved.audit_logging;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(form, {
      onError: (error) => toast.error(`Settings were not saved: ${error.message}`),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Checkbox
        id="settings-two-factor"
        label="Enable Two-Factor Authentication"
        description="Require 2FA for all admin users: every staff account sets up an authenticator app at its next sign-in and enters a code at each sign-in."
        checked={form.two_factor_required}
        onChange={(checked) => setForm({ ...form, two_factor_required: checked })}
      />
      <Checkbox
        id="settings-audit-logging"
        label="Enable Audit Logging"
        description="Log all administrative actions. Sign-ins, role, permission, account and settings changes are always logged."
        checked={form.audit_logging}
        onChange={(checked) => setForm({ ...form, audit_logging: checked })}
      />
      <FormActions dirty={dirty} saving={save.isPending} onReset={() => setForm(saved)} />
    </form>
  );
}

function GeneralTab() {
  const general = useGeneralSettings();
  if (!general.data) return <SectionState loading={general.isPending} error={general.error} />;
  // Keyed by what is saved: a save (or another admin's, on refetch) starts the form afresh.
  return <GeneralForm key={JSON.stringify(general.data)} saved={general.data} />;
}

function SecurityTab() {
  const security = useSecuritySettings();
  if (!security.data) return <SectionState loading={security.isPending} error={security.error} />;
  return <SecurityForm key={JSON.stringify(security.data)} saved={security.data} />;
}

// Spec §2 "System Configuration view": on /admin/settings and embedded in the admin dashboard.
export function SystemConfiguration() {
  const [tab, setTab] = useState<SettingsTab>('general');
  const idPrefix = useId().replace(/:/g, '');
  return (
    <section
      aria-labelledby={`${idPrefix}-title`}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id={`${idPrefix}-title`} className="text-base font-semibold text-slate-900">
          System Configuration
        </h2>
      </div>
      <div className="space-y-5 px-5 py-5 sm:px-6">
        <Tabs
          idPrefix={idPrefix}
          label="System Configuration"
          tabs={settingsTabs}
          selected={tab}
          onSelect={setTab}
          wrap
          className="lg:max-w-2xl"
        />
        <TabPanel idPrefix={idPrefix} tab={tab} className="max-w-2xl">
          {tab === 'general' && <GeneralTab />}
          {tab === 'payment' && <PaymentSettingsTab />}
          {tab === 'security' && <SecurityTab />}
        </TabPanel>
      </div>
    </section>
  );
}
