import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAuthConfig } from '@/lib/auth';

import { startGoogle } from '../api/start-google';
import { OrDivider } from './divider';

type GoogleButtonProps = {
  label: string;
  callbackURL: string;
  errorCallbackURL: string;
  fallbackError: string;
  onError: (message: string) => void;
};

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.57c2.08-1.92 3.27-4.74 3.27-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.06l3.66 2.84c.87-2.6 3.3-4.52 6.16-4.52z"
      />
    </svg>
  );
}

// Without a configured client the server cannot start the flow, so there is no button (and no
// 'or' divider) at all: the server log and the README tell the operator how to turn it on.
export function GoogleButton({
  label,
  callbackURL,
  errorCallbackURL,
  fallbackError,
  onError,
}: GoogleButtonProps) {
  const config = useAuthConfig();
  const [pending, setPending] = useState(false);

  if (!config.data?.google) return null;

  const start = async () => {
    setPending(true);
    try {
      await startGoogle({ callbackURL, errorCallbackURL });
    } catch (error) {
      setPending(false);
      onError(error instanceof ApiError && error.message ? error.message : fallbackError);
    }
  };

  return (
    <>
      <OrDivider />
      <Button variant="secondary" className="w-full" onClick={start} disabled={pending}>
        {pending ? <Spinner className="size-5" /> : <GoogleMark />}
        {label}
      </Button>
    </>
  );
}
