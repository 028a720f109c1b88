import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

import {
  twoFactorApi,
  twoFactorStatusKey,
  useTwoFactorStatus,
  type TotpEnrolment,
} from '../api/site-settings';
import { AdminPanel } from './admin-panel';

const codePattern = /^\d{6}$/;
const backupCodePattern = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

function failure(error: unknown) {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

// Six digits from an authenticator app, or (`backup`) one of the set-up's backup codes;
// `onSubmit` gets the code and says what went wrong, if anything.
function CodeForm({
  id,
  submitLabel,
  backup = false,
  onSubmit,
}: {
  id: string;
  submitLabel: string;
  backup?: boolean;
  onSubmit: (code: string) => Promise<string | null>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!(backup ? backupCodePattern : codePattern).test(trimmed)) {
      setError(
        backup
          ? 'Enter one of your backup codes.'
          : 'Enter the 6-digit code from your authenticator app.',
      );
      return;
    }
    setBusy(true);
    setError(null);
    const problem = await onSubmit(trimmed);
    setBusy(false);
    if (problem) {
      setError(problem);
      setCode('');
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField
        id={id}
        label={backup ? 'Backup code' : 'Authentication code'}
        error={error ?? undefined}
      >
        {(a11y) => (
          <input
            {...a11y}
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={backup ? 12 : 7}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={backup ? 'abcde-12345' : '123456'}
            className={controlStyles(Boolean(error), 'font-mono tracking-widest')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
        {busy ? (
          <Spinner className="size-4" />
        ) : (
          <ShieldCheck className="size-4" aria-hidden="true" />
        )}
        {busy ? 'Checking...' : submitLabel}
      </Button>
    </form>
  );
}

// The secret of an otpauth:// URI, in groups of four as authenticator apps show it.
function secretOf(totpUri: string) {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

// Shown once, at set-up: better-auth keeps only their encrypted form and each signs in once,
// for the day the phone with the authenticator app is lost.
function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold text-amber-900">Backup codes</h3>
          <p className="mt-0.5 text-sm text-amber-900">
            Save these codes now; each works once. They are not shown again, and each one signs you
            in if you lose your authenticator app.
          </p>
        </div>
        <CopyButton text={codes.join('\n')} label="Copy backup codes" />
      </div>
      <ul
        data-testid="backup-codes"
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm whitespace-nowrap text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

// Step two of a set-up: the QR code (or key) for the authenticator app, the backup codes, then
// the app's first code to confirm it.
export function TotpSetup({
  enrolment,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: () => void;
}) {
  const { totpURI: totpUri, backupCodes } = enrolment;
  const secret = secretOf(totpUri);
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or
          add an account with the setup key.
        </li>
        <li>Save your backup codes somewhere safe.</li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <div className="flex flex-col gap-4 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-start">
        <div className="self-center rounded-md bg-white p-2 ring-1 ring-slate-200 sm:self-start">
          <QRCodeSVG
            value={totpUri}
            size={160}
            marginSize={1}
            title="QR code for your authenticator app"
            role="img"
            aria-label="QR code for your authenticator app"
          />
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Setup key
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <code
                data-testid="totp-secret"
                className="font-mono text-base break-all text-slate-900"
              >
                {secret}
              </code>
              <CopyButton text={secret.replace(/\s/g, '')} label="Copy key" />
            </div>
          </div>
          <details className="text-sm text-slate-600">
            <summary className="cursor-pointer font-medium">otpauth link</summary>
            <code
              data-testid="totp-uri"
              className="mt-1 block font-mono text-xs break-all text-slate-700"
            >
              {totpUri}
            </code>
          </details>
        </div>
      </div>
      <BackupCodes codes={backupCodes} />
      <CodeForm
        id="totp-setup-code"
        submitLabel="Confirm and continue"
        onSubmit={async (code) => {
          try {
            await twoFactorApi.verify(code);
            onConfirmed();
            return null;
          } catch (error) {
            return failure(error);
          }
        }}
      />
    </div>
  );
}

// The sign-in's second step for an account with TOTP on: the app's code, or one backup code.
export function TotpSignInStep({ onVerified }: { onVerified: () => Promise<void> }) {
  const [backup, setBackup] = useState(false);
  const verify = backup ? twoFactorApi.verifyBackupCode : twoFactorApi.verify;
  return (
    <div className="space-y-4">
      <CodeForm
        key={backup ? 'backup' : 'app'}
        id={backup ? 'backup-sign-in-code' : 'totp-sign-in-code'}
        submitLabel="Verify"
        backup={backup}
        onSubmit={async (code) => {
          try {
            await verify(code);
            await onVerified();
            return null;
          } catch (error) {
            return failure(error);
          }
        }}
      />
      <button
        type="button"
        onClick={() => setBackup(!backup)}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {backup ? 'Use a code from your authenticator app' : 'Use a backup code instead'}
      </button>
    </div>
  );
}

function PasswordStep({
  id,
  submitLabel,
  variant,
  onSubmit,
}: {
  id: string;
  submitLabel: string;
  variant?: 'primary' | 'danger';
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!password) {
          setError('Please enter your password.');
          return;
        }
        setBusy(true);
        setError(null);
        const problem = await onSubmit(password);
        setBusy(false);
        setPassword('');
        if (problem) setError(problem);
      }}
    >
      <FormField id={id} label="Current password" error={error ?? undefined}>
        {(a11y) => (
          <input
            {...a11y}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={controlStyles(Boolean(error))}
          />
        )}
      </FormField>
      <Button type="submit" variant={variant} className="w-full sm:w-auto" disabled={busy}>
        {busy ? <Spinner className="size-4" /> : <KeyRound className="size-4" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </form>
  );
}

// /admin/profile: set up or turn off one's own TOTP. Turning it off is refused (here and by the
// server) while Settings require two-factor for every staff account.
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });

  let body;
  if (status.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading...
      </p>
    );
  } else if (status.isError) {
    body = (
      <p role="alert" className="text-sm font-medium text-red-700">
        Error: {status.error.message}
      </p>
    );
  } else if (enrolment) {
    body = (
      <TotpSetup
        enrolment={enrolment}
        onConfirmed={() => {
          setEnrolment(null);
          toast.success('Two-factor authentication is on');
          void refresh();
        }}
      />
    );
  } else if (status.data.enabled) {
    body = (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-medium text-green-800">
          <ShieldCheck className="size-4" aria-hidden="true" />
          On: each sign-in asks for a code from your authenticator app.
        </p>
        {status.data.required ? (
          <p className="text-sm text-slate-600">
            Two-factor authentication is required for every staff account, so it cannot be turned
            off.
          </p>
        ) : (
          <PasswordStep
            id="two-factor-disable-password"
            submitLabel="Turn off two-factor authentication"
            variant="danger"
            onSubmit={async (password) => {
              try {
                await twoFactorApi.disable(password);
                toast.success('Two-factor authentication is off');
                await refresh();
                return null;
              } catch (error) {
                return failure(error);
              }
            }}
          />
        )}
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <ShieldOff className="size-4 text-slate-500" aria-hidden="true" />
          Off. {status.data.required ? 'Settings require it: set it up now.' : null}
        </p>
        <PasswordStep
          id="two-factor-enable-password"
          submitLabel="Set up two-factor authentication"
          onSubmit={async (password) => {
            try {
              setEnrolment(await twoFactorApi.enable(password));
              return null;
            } catch (error) {
              return failure(error);
            }
          }}
        />
      </div>
    );
  }

  return (
    <AdminPanel
      title="Two-factor authentication"
      description="A code from an authenticator app on your phone, asked for at every sign-in."
    >
      <div className="px-5 py-5 sm:px-6">{body}</div>
    </AdminPanel>
  );
}
