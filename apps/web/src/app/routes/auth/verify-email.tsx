import { MailOpen } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RedirectIfSignedIn } from '@/features/auth/components/redirect-if-signed-in';
import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function VerifyEmailRoute() {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const email = params.get('email');

  return (
    <RedirectIfSignedIn>
      <AuthCard
        icon={<MailOpen className="size-6" aria-hidden="true" />}
        title="Verify your email"
        description={
          email ? (
            <>
              We sent a 6-digit code to{' '}
              <strong className="font-semibold break-all text-slate-900">{email}</strong>.
            </>
          ) : (
            'Enter your email and the 6-digit code we sent to it.'
          )
        }
        footer={
          <>
            Wrong account?{' '}
            <Link
              to={paths.login}
              className="font-semibold text-brand-800 hover:text-brand-950 hover:underline"
            >
              Back to sign in
            </Link>
          </>
        }
      >
        <VerifyEmailForm />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
